import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';

// The answer's shape written here rather than imported from the inquiries' schemas, so that the
// side navigation, on every screen's first load, does not carry them (decision 013's budgets).
const openCountSchema = z.object({ open: z.number() });

/** GET /api/v1/inquiries/open-count: requests waiting for staff (未対応), for the side navigation. */
export function useOpenInquiryCount(enabled: boolean) {
  return useQuery({
    queryKey: ['inquiries', 'open-count'],
    queryFn: () =>
      apiRequest({
        path: '/inquiries/open-count',
        auth: { kind: 'bearer' },
        schema: openCountSchema,
      }),
    enabled,
    // A new request shows within a minute without the page being reloaded.
    refetchInterval: 60_000,
    retry: false,
  });
}
