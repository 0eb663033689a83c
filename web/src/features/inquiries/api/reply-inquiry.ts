import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { AttachmentInput } from '../utils/read-files';

/** POST /api/v1/inquiries/:id/messages. */
export function replyInquiry(id: number, body: { text: string; attachments: AttachmentInput[] }) {
  return apiRequest({
    method: 'POST',
    path: `/inquiries/${id}/messages`,
    body,
    auth: { kind: 'bearer' },
    schema: z.object({ id: z.number() }),
  });
}
