import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { bannerSchema } from '../../../../../domain/api/top-content';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** Spec §4: the editor shows the first four banners; it asks for all to know whether there are more. */
export const EDITOR_BANNER_LIMIT = 100;

/** POST /api/v1/banner/get-banner: the newest banners first. */
export function getBanners({ userId, limit }: { userId: number; limit: number }) {
  return apiRequest({
    method: 'POST',
    path: '/banner/get-banner',
    body: { user_id: userId, limit },
    auth: { kind: 'bearer' },
    schema: z.array(bannerSchema),
  });
}

/** Every banner list (the top page's too) sits under ['banners'], so one save refreshes all. */
export const BANNERS_QUERY_ROOT = ['banners'] as const;

export const bannersQueryOptions = (userId: number, limit: number) =>
  queryOptions({
    queryKey: [...BANNERS_QUERY_ROOT, { limit }],
    queryFn: () => getBanners({ userId, limit }),
  });

export function useEditorBanners() {
  const { userInfo } = useSession();
  return useQuery(bannersQueryOptions(loginUserId(userInfo?.id), EDITOR_BANNER_LIMIT));
}
