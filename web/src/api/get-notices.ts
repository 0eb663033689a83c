import { noticeSchema } from '@domain/api/top-content';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';

/** POST /api/v1/notice/get-notice: the newest notices by display_at (the top page and its editor). */
export function getNotices({ userId, limit }: { userId: number; limit: number }) {
  return apiRequest({
    method: 'POST',
    path: '/notice/get-notice',
    body: { user_id: userId, limit },
    auth: { kind: 'bearer' },
    schema: z.array(noticeSchema),
  });
}

/** Every notice list (the top page's and the editor's) sits under ['notices'], so one save refreshes all. */
export const NOTICES_QUERY_ROOT = ['notices'] as const;

export const noticesQueryOptions = (userId: number, limit: number) =>
  queryOptions({
    queryKey: [...NOTICES_QUERY_ROOT, { limit }],
    queryFn: () => getNotices({ userId, limit }),
  });
