import { type Banner, bannerSchema } from '@domain/api/top-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BANNERS_QUERY_ROOT } from '../../../api/get-banners';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import type { BannerInput } from './add-banner';

/** PUT /api/v1/banner/update-banner (staff); 404 when the banner is gone. */
export function updateBanner({
  id,
  input,
  userId,
}: {
  id: number;
  input: BannerInput;
  userId: number;
}) {
  return apiRequest({
    method: 'PUT',
    path: '/banner/update-banner',
    body: { id, ...input, user_id: userId, updated_at: new Date().toISOString() },
    auth: { kind: 'bearer' },
    schema: bannerSchema,
  });
}

export function useUpdateBanner() {
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  return useMutation<Banner, Error, { id: number; input: BannerInput }>({
    mutationFn: ({ id, input }) => updateBanner({ id, input, userId: loginUserId(userInfo?.id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BANNERS_QUERY_ROOT }),
  });
}
