import { inquiryThreadSchema } from '@domain/api/inquiries';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/inquiries/:id: the request, its lines and messages. */
export function getInquiry(id: number) {
  return apiRequest({
    path: `/inquiries/${id}`,
    auth: { kind: 'bearer' },
    schema: inquiryThreadSchema,
  });
}

export function useInquiry(id: number) {
  return useQuery({ queryKey: ['inquiry', id], queryFn: () => getInquiry(id), retry: false });
}
