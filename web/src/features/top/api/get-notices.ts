import { TOP_NOTICE_LIMIT } from '@domain/constants';
import { useQuery } from '@tanstack/react-query';
import { noticesQueryOptions } from '../../../api/get-notices';
import { loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** docs/product.md §2 Top page: up to 10 notices are requested. */
export function useTopNotices() {
  const { userInfo } = useSession();
  return useQuery(noticesQueryOptions(loginUserId(userInfo?.id), TOP_NOTICE_LIMIT));
}
