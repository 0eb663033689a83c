import { accountSchema } from '@domain/api/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/account: the signed-in person's name, mail and each customer code's notification. */
export function getAccount() {
  return apiRequest({ path: '/account', auth: { kind: 'bearer' }, schema: accountSchema });
}

export const ACCOUNT_QUERY_KEY = ['account'] as const;

export const accountQueryOptions = () =>
  queryOptions({ queryKey: ACCOUNT_QUERY_KEY, queryFn: getAccount });

export function useAccount() {
  return useQuery(accountQueryOptions());
}
