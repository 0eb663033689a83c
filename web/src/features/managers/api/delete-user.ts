import { deletedUserSchema } from '@domain/api/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { MANAGED_USERS_QUERY_ROOT } from './get-managed-users';

/** PUT /api/v1/user/delete-user: a soft delete (delete_flag) that ends the user's sessions. */
export function deleteUser({ id, userId }: { id: number; userId: number }) {
  return apiRequest({
    method: 'PUT',
    path: '/user/delete-user',
    body: { id, login_user_id: userId },
    auth: { kind: 'bearer' },
    schema: deletedUserSchema,
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  return useMutation({
    mutationFn: (id: number) => deleteUser({ id, userId: loginUserId(userInfo?.id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MANAGED_USERS_QUERY_ROOT }),
  });
}
