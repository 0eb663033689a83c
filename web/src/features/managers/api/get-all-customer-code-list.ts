import { queryOptions } from '@tanstack/react-query';
import { customerListAnswerSchema } from '../../../../../domain/api/spec';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/spec/get-all-customer-code-list: for staff every customer. */
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
