import { customerListAnswerSchema } from '@domain/api/spec';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, loginUserId } from '../lib/api-client';
import { useSession } from '../lib/session';

/** GET /api/v1/spec/get-all-customer-code-list: every customer, for staff (docs/product.md §6). */
export function getAllCustomerCodeList({ loginUserId }: { loginUserId: number }) {
  return apiRequest({
    path: '/spec/get-all-customer-code-list',
    query: { login_user_id: loginUserId },
    auth: { kind: 'bearer' },
    schema: customerListAnswerSchema,
  });
}

export const allCustomerCodeListQueryOptions = (loginUserId: number) =>
  queryOptions({
    queryKey: ['customer-code-list', 'all'],
    queryFn: () => getAllCustomerCodeList({ loginUserId }),
    staleTime: 10 * 60 * 1000,
  });

/** The customers staff may choose from; nothing is loaded for anybody else. */
export function useAllCustomerCodeList(enabled: boolean) {
  const { userInfo } = useSession();
  return useQuery({ ...allCustomerCodeListQueryOptions(loginUserId(userInfo?.id)), enabled });
}
