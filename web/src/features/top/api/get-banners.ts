import { TOP_BANNER_LIMIT } from '@domain/constants';
import { useQuery } from '@tanstack/react-query';
import { bannersQueryOptions } from '../../../api/get-banners';
import { loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** docs/product.md §2 Top page: up to 5 banners are requested (a desktop shows 4). */
export function useTopBanners() {
  const { userInfo } = useSession();
  return useQuery(bannersQueryOptions(loginUserId(userInfo?.id), TOP_BANNER_LIMIT));
}
