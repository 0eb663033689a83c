import { documentVersionsAnswerSchema } from '@domain/api/documents';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/documents/{id}/versions: every archived version, first to latest. */
export function useDocumentVersions(documentId: number | null) {
  return useQuery({
    queryKey: ['documents', 'versions', documentId],
    queryFn: () =>
      apiRequest({
        path: `/documents/${documentId}/versions`,
        auth: { kind: 'bearer' },
        schema: documentVersionsAnswerSchema,
      }),
    enabled: documentId !== null,
    retry: false,
  });
}
