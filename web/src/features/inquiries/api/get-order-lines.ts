import { inquiryOrderLinesSchema } from '@domain/api/inquiries';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { LineKey } from '../utils/line-keys';

/** GET /api/v1/inquiries/order-lines: the lines of the order of one line (the form's choice). */
export function getOrderLines(line: LineKey) {
  return apiRequest({
    path: '/inquiries/order-lines',
    query: { ...line },
    auth: { kind: 'bearer' },
    schema: inquiryOrderLinesSchema,
  });
}

export function useOrderLines(line: LineKey | undefined) {
  return useQuery({
    queryKey: ['inquiry-order-lines', line],
    queryFn: () => getOrderLines(line!),
    enabled: line !== undefined,
    retry: false,
  });
}
