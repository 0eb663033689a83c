import { type ManagedUser, managedUserSchema } from '@domain/api/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import type { UserInput } from './add-user';
import { MANAGED_USERS_QUERY_ROOT } from './get-managed-users';

/** PUT /api/v1/user/update-user. The mail cannot change (400); 409 for a duplicate customer. */
export function updateUser({
  id,
  input,
  userId,
}: {
  id: number;
  input: UserInput;
  userId: number;
}) {
  return apiRequest({
    method: 'PUT',
    path: '/user/update-user',
    body: { id, ...input, login_user_id: userId, updated_at: new Date().toISOString() },
    auth: { kind: 'bearer' },
    schema: managedUserSchema,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  return useMutation<ManagedUser, Error, { id: number; input: UserInput }>({
    mutationFn: ({ id, input }) => updateUser({ id, input, userId: loginUserId(userInfo?.id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MANAGED_USERS_QUERY_ROOT }),
  });
}
