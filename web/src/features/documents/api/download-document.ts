import {
  type DocumentPage,
  documentDownloadAnswerSchema,
  documentZipAnswerSchema,
} from '@domain/api/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Opens a download URL in place (an attachment: the page stays). */
export function openDownloadUrl(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * POST /api/v1/documents/{id}/download, then the file: the server records the download when the
 * browser fetches the URL, which this starts at once. The lists on screen show it downloaded
 * straight away (the browser's fetch and a list read again could reach the server in either
 * order); the next read of a list is the server's word.
 */
export function useDownloadDocument(me: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version }: { id: number; version?: number }) => {
      const { url } = await apiRequest({
        method: 'POST',
        path: `/documents/${id}/download`,
        body: version === undefined ? {} : { version },
        auth: { kind: 'bearer' },
        schema: documentDownloadAnswerSchema,
      });
      openDownloadUrl(url);
    },
    onSuccess: (_, { id }) => {
      queryClient.setQueriesData<DocumentPage>({ queryKey: ['documents'] }, (page) =>
        page && 'items' in page
          ? {
              ...page,
              items: page.items.map((item) =>
                item.id !== id
                  ? item
                  : {
                      ...item,
                      downloaded_by_me: true,
                      first_download:
                        item.first_download ??
                        (page.receipts_visible
                          ? { at: new Date().toISOString(), user_name: me }
                          : null),
                    },
              ),
            }
          : page,
      );
    },
  });
}

/** POST /api/v1/documents/zip, then the zip (its receipts are written once it has gone out whole). */
export function useDownloadDocumentZip() {
  return useMutation({
    mutationFn: async (filter: Record<string, string>) => {
      const { url, count } = await apiRequest({
        method: 'POST',
        path: '/documents/zip',
        body: filter,
        auth: { kind: 'bearer' },
        schema: documentZipAnswerSchema,
      });
      openDownloadUrl(url);
      return count;
    },
  });
}
