import { signInHistorySchema } from '@domain/api/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/account/sign-ins: the latest 20 sign-in attempts of the caller's mail, newest first. */
export function getSignIns() {
  return apiRequest({
    path: '/account/sign-ins',
    auth: { kind: 'bearer' },
    schema: signInHistorySchema,
  });
}

export const signInsQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'sign-ins'] as const, queryFn: getSignIns });

export function useSignIns() {
  return useQuery(signInsQueryOptions());
}
