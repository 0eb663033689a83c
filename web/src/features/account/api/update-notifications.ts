import { type Account, type AccountNotificationsBody, accountSchema } from '@domain/api/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from './get-account';

/**
 * PUT /api/v1/account/notifications: the mail settings (shipment, invoice, inquiry) of the
 * caller's own customer codes; 403 for any other code (nothing changes). Answers the account as it now is.
 */
export function updateNotifications(body: AccountNotificationsBody) {
  return apiRequest({
    method: 'PUT',
    path: '/account/notifications',
    body,
    auth: { kind: 'bearer' },
    schema: accountSchema,
  });
}

export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation<Account, Error, AccountNotificationsBody>({
    mutationFn: updateNotifications,
    onSuccess: (account) => queryClient.setQueryData(ACCOUNT_QUERY_KEY, account),
  });
}
