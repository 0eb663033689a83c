import { userTypeListSchema } from '@domain/api/user';
import { isStaff } from '@domain/user-type';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** POST /api/v1/user/get-all-user-type: the user types (permissions) a row may hold. */
export function getUserTypes({ userId, userGroup }: { userId: number; userGroup?: 'BtoB' }) {
  return apiRequest({
    method: 'POST',
    path: '/user/get-all-user-type',
    body: { user_id: userId, ...(userGroup ? { user_group: userGroup } : {}) },
    auth: { kind: 'bearer' },
    schema: userTypeListSchema,
  });
}

export const userTypesQueryOptions = (userId: number, userGroup?: 'BtoB') =>
  queryOptions({
    queryKey: ['user-types', userGroup ?? 'all'],
    queryFn: () => getUserTypes({ userId, userGroup }),
    staleTime: 10 * 60 * 1000,
  });

/**
 * docs/product.md §6: a corporate administrator's request carries user_group BtoB. Staff ask for every type,
 * as they alone may give type 3 to a user of customer 99999 (docs/product.md §5, user types offered).
 */
export function useUserTypes() {
  const { userInfo } = useSession();
  const staff = userInfo !== null && isStaff(userInfo);
  return useQuery(userTypesQueryOptions(loginUserId(userInfo?.id), staff ? undefined : 'BtoB'));
}
