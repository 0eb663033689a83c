import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { noticeSchema } from '../../../../../domain/api/top-content';
import { TOP_NOTICE_LIMIT } from '../../../../../domain/constants';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** POST /api/v1/notice/get-notice: the newest notices by display_at. */
export function getNotices({ userId, limit }: { userId: number; limit: number }) {
  return apiRequest({
    method: 'POST',
    path: '/notice/get-notice',
    body: { user_id: userId, limit },
    auth: { kind: 'bearer' },
    schema: z.array(noticeSchema),
  });
}

/** The editor invalidates ['notices'] after each save, so the top page shows the change. */
export const noticesQueryOptions = (userId: number, limit: number) =>
  queryOptions({
    queryKey: ['notices', { limit }],
    queryFn: () => getNotices({ userId, limit }),
  });

/** Spec §2 Top page: up to 10 notices are requested. */
export function useTopNotices() {
  const { userInfo } = useSession();
  return useQuery(noticesQueryOptions(loginUserId(userInfo?.id), TOP_NOTICE_LIMIT));
}
