import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { bannerSchema } from '../../../../../domain/api/top-content';
import { TOP_BANNER_LIMIT } from '../../../../../domain/constants';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** POST /api/v1/banner/get-banner: the newest banners. */
export function getBanners({ userId, limit }: { userId: number; limit: number }) {
  return apiRequest({
    method: 'POST',
    path: '/banner/get-banner',
    body: { user_id: userId, limit },
    auth: { kind: 'bearer' },
    schema: z.array(bannerSchema),
  });
}

export const bannersQueryOptions = (userId: number, limit: number) =>
  queryOptions({
    queryKey: ['banners', { limit }],
    queryFn: () => getBanners({ userId, limit }),
  });

/** Spec §2 Top page: up to 5 banners are requested (a desktop shows 4). */
export function useTopBanners() {
  const { userInfo } = useSession();
  return useQuery(bannersQueryOptions(loginUserId(userInfo?.id), TOP_BANNER_LIMIT));
}
