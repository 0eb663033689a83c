import { type Banner, bannerSchema } from '@domain/api/top-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BANNERS_QUERY_ROOT } from '../../../api/get-banners';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export interface BannerInput {
  explanation: string;
  image_url: string;
  destination_url: string;
}

/** POST /api/v1/banner/add-banner (staff). Saves carry user_id and the client's timestamps (docs/product.md §7). */
export function addBanner({ input, userId }: { input: BannerInput; userId: number }) {
  const now = new Date().toISOString();
  return apiRequest({
    method: 'POST',
    path: '/banner/add-banner',
    body: { ...input, user_id: userId, created_at: now, updated_at: now },
    auth: { kind: 'bearer' },
    schema: bannerSchema,
  });
}

/** Resolves once the banner lists are reloaded (docs/product.md §4: the list is reloaded after a save). */
export function useAddBanner() {
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  return useMutation<Banner, Error, BannerInput>({
    mutationFn: (input) => addBanner({ input, userId: loginUserId(userInfo?.id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BANNERS_QUERY_ROOT }),
  });
}
