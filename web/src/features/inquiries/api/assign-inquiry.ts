import { inquiryStaffSchema } from '@domain/api/inquiries';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/v1/inquiries/:id/assignee (staff). */
export function assignInquiry(id: number, userId: number | null) {
  return apiRequest({
    method: 'PUT',
    path: `/inquiries/${id}/assignee`,
    body: { assigned_user_id: userId },
    auth: { kind: 'bearer' },
    schema: z.object({ assigned_user_id: z.number().nullable() }),
  });
}

/** GET /api/v1/inquiries/staff: whom staff may assign. */
export function useInquiryStaff(enabled: boolean) {
  return useQuery({
    queryKey: ['inquiry-staff'],
    queryFn: () =>
      apiRequest({
        path: '/inquiries/staff',
        auth: { kind: 'bearer' },
        schema: inquiryStaffSchema,
      }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
