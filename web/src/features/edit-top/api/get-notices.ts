import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { noticeSchema } from '../../../../../domain/api/top-content';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The editor lists every notice the server hands out at once (its maximum). */
export const EDITOR_NOTICE_LIMIT = 100;

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

/** Every notice list (the top page's too) sits under ['notices'], so one save refreshes all. */
export const NOTICES_QUERY_ROOT = ['notices'] as const;

export const noticesQueryOptions = (userId: number, limit: number) =>
  queryOptions({
    queryKey: [...NOTICES_QUERY_ROOT, { limit }],
    queryFn: () => getNotices({ userId, limit }),
  });

export function useEditorNotices() {
  const { userInfo } = useSession();
  return useQuery(noticesQueryOptions(loginUserId(userInfo?.id), EDITOR_NOTICE_LIMIT));
}
