import type { LedgerExportFormat } from '@domain/api/ledger';
import { apiFileRequest } from '../../../lib/api-client';
import { ledgerSearchBody, type OrderSearch } from './ledger-search-body';

/**
 * A whole export is read before it is saved: up to 100,000 lines (LEDGER_EXPORT_MAX_ROWS) take
 * far longer than a search, so the call waits minutes, not the 30 s of a search.
 */
export const LEDGER_EXPORT_TIMEOUT_MS = 5 * 60_000;

/**
 * The body of an export: the search's own body (filters, sort and customer) without its page,
 * since every page is exported, and the file format.
 */
export function ledgerExportBody(search: OrderSearch, userId: number, format: LedgerExportFormat) {
  const { page: _page, page_size: _pageSize, ...body } = ledgerSearchBody(search, userId);
  return { ...body, format };
}

/**
 * POST /api/v1/spec/export-ledgerItem: every line of the search as .xlsx or CSV,
 * with the server's file name (注文一覧_<customer>_<YYYYMMDD>.<format>).
 */
export function exportLedgerItems(search: OrderSearch, userId: number, format: LedgerExportFormat) {
  return apiFileRequest({
    method: 'POST',
    path: '/spec/export-ledgerItem',
    body: ledgerExportBody(search, userId, format),
    auth: { kind: 'bearer' },
    timeoutMs: LEDGER_EXPORT_TIMEOUT_MS,
  });
}
