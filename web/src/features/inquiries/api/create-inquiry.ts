import type { InquiryCategory } from '@domain/inquiry';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { LineKey } from '../utils/line-keys';
import type { AttachmentInput } from '../utils/read-files';

/** POST /api/v1/inquiries: asks about lines of one order. */
export function createInquiry(body: {
  category: InquiryCategory;
  wished_date?: string;
  text: string;
  lines: LineKey[];
  attachments: AttachmentInput[];
}) {
  return apiRequest({
    method: 'POST',
    path: '/inquiries',
    body,
    auth: { kind: 'bearer' },
    schema: z.object({ id: z.number() }),
  });
}
