import { apiFileRequest } from '../../../lib/api-client';
import { type AuditSearch, auditQueryOf } from '../utils/audit-search';

/** Up to 100,000 events take longer than a page: the call waits minutes, not seconds. */
export const AUDIT_EXPORT_TIMEOUT_MS = 5 * 60_000;

/** GET /api/v1/audit/export: the filtered events as CSV (UTF-8 with BOM), with the server's name. */
export function exportAudit(search: AuditSearch) {
  return apiFileRequest({
    method: 'GET',
    path: '/audit/export',
    query: auditQueryOf(search),
    auth: { kind: 'bearer' },
    timeoutMs: AUDIT_EXPORT_TIMEOUT_MS,
  });
}
