import { inquiryCountSchema } from '@domain/api/inquiries';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/** GET /api/v1/inquiries/open-count: requests waiting for staff (未対応), for the side navigation. */
export function useOpenInquiryCount(enabled: boolean) {
  return useQuery({
    queryKey: ['inquiries', 'open-count'],
    queryFn: () =>
      apiRequest({
        path: '/inquiries/open-count',
        auth: { kind: 'bearer' },
        schema: inquiryCountSchema,
      }),
    enabled,
    // A new request shows within a minute without the page being reloaded.
    refetchInterval: 60_000,
    retry: false,
  });
}
