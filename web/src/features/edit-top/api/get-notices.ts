import { useQuery } from '@tanstack/react-query';
import { noticesQueryOptions } from '../../../api/get-notices';
import { loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The editor lists every notice the server hands out at once (its maximum). */
export const EDITOR_NOTICE_LIMIT = 100;

export function useEditorNotices() {
  const { userInfo } = useSession();
  return useQuery(noticesQueryOptions(loginUserId(userInfo?.id), EDITOR_NOTICE_LIMIT));
}
