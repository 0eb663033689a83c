import { type DocumentPage, documentPageSchema } from '@domain/api/documents';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { OrderLine } from './search-ledger-items';

/**
 * GET /api/v1/documents?delivery_no=…: an order line's entries in the documents register — the
 * invoices that cover its delivery and its shipping notice and delivery slip — among the documents
 * the server lets the caller see (the line's customer, checked against the verified session).
 */
export function listLineDocuments(line: OrderLine): Promise<DocumentPage> {
  return apiRequest({
    path: '/documents',
    query: { customer_code: String(line.customer_code), delivery_no: line.delivery_no },
    auth: { kind: 'bearer' },
    schema: documentPageSchema,
  });
}

/** A shipped line's register entries; a line not delivered yet has none to ask for. */
export function useLineDocuments(line: OrderLine) {
  return useQuery({
    queryKey: ['line-documents', line.customer_code, line.delivery_no],
    queryFn: () => listLineDocuments(line),
    enabled: line.delivery_no !== '',
    retry: false,
  });
}
