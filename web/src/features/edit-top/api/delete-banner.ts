import { deletedAnswerSchema } from '@domain/api/top-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BANNERS_QUERY_ROOT } from '../../../api/get-banners';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** DELETE /api/v1/banner/delete-banner (staff); 404 when the banner is already gone. */
export function deleteBanner({ id, userId }: { id: number; userId: number }) {
  return apiRequest({
    method: 'DELETE',
    path: '/banner/delete-banner',
    body: { id, user_id: userId },
    auth: { kind: 'bearer' },
    schema: deletedAnswerSchema,
  });
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  return useMutation({
    mutationFn: (id: number) => deleteBanner({ id, userId: loginUserId(userInfo?.id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BANNERS_QUERY_ROOT }),
  });
}
