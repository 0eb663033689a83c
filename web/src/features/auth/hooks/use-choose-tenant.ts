import { useMutation } from '@tanstack/react-query';
import { loadUserSession } from '../../../api/load-user-session';
import { useSession } from '../../../lib/session';

/** docs/product.md §4 Login flow 5, after the choice on /login-tenant. */
export function useChooseTenant() {
  const { identityUid, customerCodeList } = useSession();
  return useMutation({
    mutationFn: (customerCode: number) => {
      if (!identityUid) throw new Error('The tenant screen needs a signed-in identity.');
      return loadUserSession({ identityUid, customerCode, customerCodeList });
    },
  });
}
