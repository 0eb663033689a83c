import { deletedAnswerSchema } from '@domain/api/top-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTICES_QUERY_ROOT } from '../../../api/get-notices';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** DELETE /api/v1/notice/delete-notice (staff); 404 when the notice is already gone. */
export function deleteNotice({ id, userId }: { id: number; userId: number }) {
  return apiRequest({
    method: 'DELETE',
    path: '/notice/delete-notice',
    body: { id, user_id: userId },
    auth: { kind: 'bearer' },
    schema: deletedAnswerSchema,
  });
}

export function useDeleteNotice() {
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  return useMutation({
    mutationFn: (id: number) => deleteNotice({ id, userId: loginUserId(userInfo?.id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_ROOT }),
  });
}
