import { inquiryUrlSchema } from '@domain/api/inquiries';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/inquiries/:id/attachments/:attachmentId/url: a short-lived link. */
export function getAttachmentUrl(id: number, attachmentId: number) {
  return apiRequest({
    path: `/inquiries/${id}/attachments/${attachmentId}/url`,
    auth: { kind: 'bearer' },
    schema: inquiryUrlSchema,
  });
}

/** An image's link, for its thumbnail. */
export function useAttachmentUrl(id: number, attachmentId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['inquiry-attachment', id, attachmentId],
    queryFn: () => getAttachmentUrl(id, attachmentId),
    enabled,
    staleTime: 60_000,
  });
}
