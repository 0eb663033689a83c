import { type Notice, noticeSchema } from '@domain/api/top-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTICES_QUERY_ROOT } from '../../../api/get-notices';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import type { NoticeInput } from './add-notice';

/** PUT /api/v1/notice/update-notice (staff); 404 when the notice is gone. */
export function updateNotice({
  id,
  input,
  userId,
}: {
  id: number;
  input: NoticeInput;
  userId: number;
}) {
  return apiRequest({
    method: 'PUT',
    path: '/notice/update-notice',
    body: { id, ...input, user_id: userId, updated_at: new Date().toISOString() },
    auth: { kind: 'bearer' },
    schema: noticeSchema,
  });
}

export function useUpdateNotice() {
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  return useMutation<Notice, Error, { id: number; input: NoticeInput }>({
    mutationFn: ({ id, input }) => updateNotice({ id, input, userId: loginUserId(userInfo?.id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_ROOT }),
  });
}
