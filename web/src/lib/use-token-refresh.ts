import { TOKEN_REFRESH_BEFORE_EXPIRY_MS } from '@domain/constants';
import { useEffect } from 'react';
import { accessTokenState, fetchAccessToken, onAccessTokenChange } from './access-token';
import { isHttpError } from './http';

/** If a refresh fails for another reason than a lost session, try again after this long. */
const REFRESH_RETRY_MS = 60 * 1000;
/** Never refresh in a tight loop, whatever a token says about its expiry. */
const MIN_REFRESH_DELAY_MS = 30 * 1000;

/** docs/product.md §9: refresh the access token 5 minutes before it expires, while signed in. */
export function useTokenRefresh(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      fetchAccessToken().catch((error: unknown) => {
        if (!isHttpError(error, 401)) timer = setTimeout(refresh, REFRESH_RETRY_MS);
      });
    };
    const schedule = () => {
      clearTimeout(timer);
      const token = accessTokenState();
      if (!token) return;
      const due = token.expiresAt - TOKEN_REFRESH_BEFORE_EXPIRY_MS - Date.now();
      timer = setTimeout(refresh, Math.max(due, MIN_REFRESH_DELAY_MS));
    };
    schedule();
    const unsubscribe = onAccessTokenChange(schedule);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [signedIn]);
}
