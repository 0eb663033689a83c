import { type Notice, noticeSchema } from '@domain/api/top-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTICES_QUERY_ROOT } from '../../../api/get-notices';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export interface NoticeInput {
  title: string;
  url: string;
}

/** POST /api/v1/notice/add-notice (staff). Saves carry user_id and the client's timestamps (docs/product.md §7). */
export function addNotice({ input, userId }: { input: NoticeInput; userId: number }) {
  const now = new Date().toISOString();
  return apiRequest({
    method: 'POST',
    path: '/notice/add-notice',
    body: { ...input, user_id: userId, created_at: now, updated_at: now },
    auth: { kind: 'bearer' },
    schema: noticeSchema,
  });
}

/** Resolves once the notice lists are reloaded (docs/product.md §4: the list is reloaded after a save). */
export function useAddNotice() {
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  return useMutation<Notice, Error, NoticeInput>({
    mutationFn: (input) => addNotice({ input, userId: loginUserId(userInfo?.id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_ROOT }),
  });
}
