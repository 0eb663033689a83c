import { canEditTop, canOpenManagers } from '@domain/user-type';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { readReturnTo, returnToState } from '../lib/return-to';
import { type SessionStatus, type UserInfo, useSession } from '../lib/session';

/** The route access classes of docs/product.md §2. */
export type RouteAccess = 'public' | 'private' | 'tenant' | 'restricted' | 'staff-only';

/** Where a person in this state is sent instead of the route, or null when they may stay. */
export function guardRedirect(
  access: RouteAccess,
  status: Exclude<SessionStatus, 'loading'>,
  userInfo: UserInfo | null,
): string | null {
  const fullySignedIn = status === 'signedIn' && userInfo !== null;
  switch (access) {
    case 'public':
      return fullySignedIn ? paths.top.path : null;
    case 'private':
      return fullySignedIn ? null : paths.login.path;
    case 'tenant':
      if (status === 'identityOnly') return null;
      // /login would send a fully signed-in user on to /top (public class); skip that hop.
      return fullySignedIn ? paths.top.path : paths.login.path;
    case 'restricted':
      if (!fullySignedIn) return paths.login.path;
      return canOpenManagers(userInfo.userTypeId) ? null : paths.permissionDenied.path;
    case 'staff-only':
      if (!fullySignedIn) return paths.login.path;
      return canEditTop(userInfo.userTypeId) ? null : paths.permissionDenied.path;
  }
}

/**
 * Renders its routes only to those the access class admits and redirects everyone else. While the
 * login state is still loading it renders nothing (docs/product.md §2).
 */
export function RouteGuard({ access, children }: { access: RouteAccess; children?: ReactNode }) {
  const { status, userInfo } = useSession();
  const location = useLocation();
  if (status === 'loading') return null;
  const guarded = guardRedirect(access, status, userInfo);
  // Signed in on a sign-in screen: on to the page asked for before, if any (the sign-in's own
  // navigation goes there too, and the two may land in one render).
  const signedInNow = guarded === paths.top.path;
  const redirect = signedInNow ? (readReturnTo(location.state) ?? guarded) : guarded;
  const content = children ?? <Outlet />;
  if (!redirect) return content;
  // Keyed by the location: React may batch two navigations into one render, and a Navigate left
  // mounted with the same target would not redirect again.
  // A page asked for while signed out is where the sign-in ends (a link in a mail, a bookmark).
  const state = redirect === paths.login.path ? returnToState(location) : undefined;
  const navigate = <Navigate key={location.key} to={redirect} state={state} replace />;
  // Someone who has just signed in keeps seeing the sign-in screen (its button busy) until /top
  // has loaded, instead of an empty page.
  return signedInNow ? (
    <>
      {navigate}
      {content}
    </>
  ) : (
    navigate
  );
}
