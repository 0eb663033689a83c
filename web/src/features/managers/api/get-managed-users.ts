import { managedUserWithStateSchema } from '@domain/api/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/**
 * POST /api/v1/user/get-user-by-customer: the users of the given customers; an empty list means
 * every customer the caller manages (staff get none until they choose one). Each row carries its
 * person's sign-in state.
 */
export function getManagedUsers({
  customerCodes,
  loginUserId,
}: {
  customerCodes: number[];
  loginUserId: number;
}) {
  return apiRequest({
    method: 'POST',
    path: '/user/get-user-by-customer',
    body: { customer_code: customerCodes, login_user_id: loginUserId },
    auth: { kind: 'bearer' },
    schema: z.array(managedUserWithStateSchema),
  });
}

export const MANAGED_USERS_QUERY_ROOT = ['managed-users'] as const;

export const managedUsersQueryOptions = (customerCodes: number[], userId: number) =>
  queryOptions({
    queryKey: [...MANAGED_USERS_QUERY_ROOT, customerCodes],
    queryFn: () => getManagedUsers({ customerCodes, loginUserId: userId }),
  });

/** null: no customer chosen yet, nothing to load (staff, docs/product.md §2 Managers). */
export function useManagedUsers(customerCodes: number[] | null) {
  const { userInfo } = useSession();
  return useQuery({
    ...managedUsersQueryOptions(customerCodes ?? [], loginUserId(userInfo?.id)),
    enabled: customerCodes !== null,
  });
}
