import { inquiryPageSchema } from '@domain/api/inquiries';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The list's filters as the address holds them (empty: no filter). */
export type InquirySearch = Record<
  'state' | 'category' | 'customer_code' | 'from' | 'to' | 'assigned' | 'keyword',
  string
> & { page: number };

/** GET /api/v1/inquiries: 100 requests a page, newest activity first. */
export function listInquiries(search: InquirySearch) {
  const query: Record<string, string> = { page: String(search.page) };
  for (const [key, value] of Object.entries(search)) {
    if (key !== 'page' && typeof value === 'string' && value.trim() !== '') query[key] = value;
  }
  return apiRequest({
    path: '/inquiries',
    query,
    auth: { kind: 'bearer' },
    schema: inquiryPageSchema,
  });
}

export function useInquiries(search: InquirySearch) {
  return useQuery({
    queryKey: ['inquiries', search],
    queryFn: () => listInquiries(search),
    retry: false,
    placeholderData: keepPreviousData,
  });
}
