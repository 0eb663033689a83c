import { INQUIRY_STATES, type InquiryState } from '@domain/inquiry';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/v1/inquiries/:id/state (staff may add the agreed date). */
export function setInquiryState(id: number, state: InquiryState, agreedDate?: string) {
  return apiRequest({
    method: 'PUT',
    path: `/inquiries/${id}/state`,
    body: agreedDate ? { state, agreed_date: agreedDate } : { state },
    auth: { kind: 'bearer' },
    schema: z.object({ state: z.enum(INQUIRY_STATES), agreed_date: z.string().nullable() }),
  });
}
