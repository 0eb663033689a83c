import { paths } from '../config/paths';

/**
 * Where a person who opened a page while signed out (a link in a mail, a bookmark) goes after
 * signing in: the page they asked for, carried in the navigation state to /login and on to
 * /login-tenant. Only a path of this site; the sign-in screens themselves are not a destination.
 */
export function readReturnTo(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return null;
  const { returnTo } = state as { returnTo: unknown };
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) {
    return null;
  }
  const path = returnTo.split(/[?#]/)[0];
  const signInPaths: string[] = [paths.login.path, paths.loginTenant.path];
  return signInPaths.includes(path ?? '') ? null : returnTo;
}

/** The state that carries the page asked for to the sign-in screens. */
export const returnToState = (location: { pathname: string; search: string; hash: string }) => ({
  returnTo: `${location.pathname}${location.search}${location.hash}`,
});
