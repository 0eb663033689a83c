import { type LedgerFileAnswer, ledgerFileAnswerSchema } from '@domain/api/order-documents';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { OrderLine } from './search-ledger-items';

/**
 * GET /api/v1/spec/specified-ledger-file-path: short-lived signed URLs of the three documents of
 * one line (url null when the line has no such document or its file is missing).
 */
export function getLedgerFileLinks({
  line,
  loginUserId,
}: {
  line: OrderLine;
  loginUserId: number;
}): Promise<LedgerFileAnswer> {
  return apiRequest({
    path: '/spec/specified-ledger-file-path',
    query: {
      sale_order_no: line.sale_order_no,
      sale_order_line_no: line.sale_order_line_no,
      delivery_no: line.delivery_no,
      delivery_line_no: line.delivery_line_no,
      login_user_id: loginUserId,
    },
    auth: { kind: 'bearer' },
    schema: ledgerFileAnswerSchema,
  });
}

/**
 * The signed URLs live 5 minutes on the server; a minute of freshness leaves them valid when the
 * button is pressed, so that the download starts without waiting for a request.
 */
export const LEDGER_FILE_LINKS_FRESH_MS = 60 * 1000;

export const ledgerFileLinksQueryOptions = (line: OrderLine, userId: number) =>
  queryOptions({
    queryKey: ['ledger-file-links', line.key],
    queryFn: () => getLedgerFileLinks({ line, loginUserId: userId }),
    staleTime: LEDGER_FILE_LINKS_FRESH_MS,
    gcTime: LEDGER_FILE_LINKS_FRESH_MS,
    retry: false,
  });
