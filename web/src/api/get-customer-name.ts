import { customerNameAnswerSchema } from '@domain/api/spec';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/** GET /api/v1/spec/convert-from-customer-code-to-customer-name. */
export async function getCustomerName({
  customerCode,
  loginUserId,
}: {
  customerCode: number;
  loginUserId: number;
}): Promise<string> {
  const { customer_name } = await apiRequest({
    path: '/spec/convert-from-customer-code-to-customer-name',
    query: { customer_code: customerCode, login_user_id: loginUserId },
    auth: { kind: 'bearer' },
    schema: customerNameAnswerSchema,
  });
  return customer_name;
}

export const customerNameQueryOptions = (customerCode: number, loginUserId: number) =>
  queryOptions({
    queryKey: ['customer-name', customerCode],
    queryFn: () => getCustomerName({ customerCode, loginUserId }),
    staleTime: 10 * 60 * 1000,
  });

/** The names of several customer codes, in their order; undefined while one is unknown. */
export function useCustomerNames(customerCodes: number[], loginUserId: number) {
  return useQueries({
    queries: customerCodes.map((code) => customerNameQueryOptions(code, loginUserId)),
    combine: (results) => ({
      names: results.map((result) => result.data),
      isPending: results.some((result) => result.isPending),
    }),
  });
}
