import { bannerSchema } from '@domain/api/top-content';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';

/** POST /api/v1/banner/get-banner: the newest banners first (the top page and its editor). */
export function getBanners({ userId, limit }: { userId: number; limit: number }) {
  return apiRequest({
    method: 'POST',
    path: '/banner/get-banner',
    body: { user_id: userId, limit },
    auth: { kind: 'bearer' },
    schema: z.array(bannerSchema),
  });
}

/** Every banner list (the top page's and the editor's) sits under ['banners'], so one save refreshes all. */
export const BANNERS_QUERY_ROOT = ['banners'] as const;

export const bannersQueryOptions = (userId: number, limit: number) =>
  queryOptions({
    queryKey: [...BANNERS_QUERY_ROOT, { limit }],
    queryFn: () => getBanners({ userId, limit }),
  });
