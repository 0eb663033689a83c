import { useQuery } from '@tanstack/react-query';
import { bannersQueryOptions } from '../../../api/get-banners';
import { loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** docs/product.md §4: the editor shows the first four banners; it asks for all to know whether there are more. */
export const EDITOR_BANNER_LIMIT = 100;

export function useEditorBanners() {
  const { userInfo } = useSession();
  return useQuery(bannersQueryOptions(loginUserId(userInfo?.id), EDITOR_BANNER_LIMIT));
}
