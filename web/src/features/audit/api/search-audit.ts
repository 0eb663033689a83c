import { type AuditPage, auditPageSchema } from '@domain/api/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type AuditSearch, auditQueryOf } from '../utils/audit-search';

/** GET /api/v1/audit: one page of 100 events, newest first, with the total counted to 10 000. */
export function searchAudit(search: AuditSearch): Promise<AuditPage> {
  return apiRequest({
    path: '/audit',
    query: { ...auditQueryOf(search), page: String(search.page) },
    auth: { kind: 'bearer' },
    schema: auditPageSchema,
  });
}

export const auditQueryOptions = (search: AuditSearch) =>
  queryOptions({
    queryKey: ['audit', search],
    queryFn: () => searchAudit(search),
    // A refused filter (400, 403) is the server's final word: no retries.
    retry: false,
  });

/** The page in force; the previous page stays on screen while the next one loads. */
export function useAuditEvents(search: AuditSearch) {
  return useQuery({ ...auditQueryOptions(search), placeholderData: keepPreviousData });
}
