import { type DocumentPage, documentPageSchema } from '@domain/api/documents';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type DocumentSearch, documentFilterQuery } from '../utils/document-search';

/** GET /api/v1/documents: one page of 100 documents of one customer. */
export function listDocuments(search: DocumentSearch, customerCode: number): Promise<DocumentPage> {
  return apiRequest({
    path: '/documents',
    query: {
      ...documentFilterQuery(search, customerCode),
      sort: search.sort,
      order: search.order,
      page: String(search.page),
    },
    auth: { kind: 'bearer' },
    schema: documentPageSchema,
  });
}

export const documentsQueryOptions = (search: DocumentSearch, customerCode: number) =>
  queryOptions({
    queryKey: ['documents', customerCode, search],
    queryFn: () => listDocuments(search, customerCode),
    // A refused filter (400, 403) is the server's final word: no retries.
    retry: false,
  });

/** The page in force; the previous page stays on screen while the next one loads. */
export function useDocuments(search: DocumentSearch, customerCode: number | null) {
  return useQuery({
    ...documentsQueryOptions(search, customerCode ?? 0),
    enabled: customerCode !== null,
    placeholderData: keepPreviousData,
  });
}
