import { HttpError, requestJson } from './http';

// The identity provider's calls the session itself needs (Better Auth under /api/auth). Sign-in
// and password reset belong to the auth feature (features/auth/api). The answers are checked by
// hand: this code is in the login screen's first load, which has no room for zod (decision 013).
export const IDENTITY_BASE_PATH = '/api/auth';

const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** A JWT for /api/v1 of the signed-in identity; HttpError 401 when there is no session. */
export async function getIdentityToken(): Promise<string> {
  const data = await requestJson(`${IDENTITY_BASE_PATH}/token`);
  const token = fieldOf(data, 'token');
  if (typeof token !== 'string' || token === '') throw new HttpError(0, 'INVALID_RESPONSE', data);
  return token;
}

export type IdentitySession = { user: { id: string; email: string } } | null;

/** The session behind the cookie, or null; never 401. */
export async function getIdentitySession(): Promise<IdentitySession> {
  const data = await requestJson(`${IDENTITY_BASE_PATH}/get-session`);
  if (data === null) return null;
  const user = fieldOf(data, 'user');
  const id = fieldOf(user, 'id');
  const email = fieldOf(user, 'email');
  if (typeof id !== 'string' || typeof email !== 'string') {
    throw new HttpError(0, 'INVALID_RESPONSE', data);
  }
  return { user: { id, email } };
}

// A sign-out answer deletes the session cookie. Should it arrive after a new sign-in it would delete
// the new cookie, so sign-in first waits for every sign-out already sent (settledSignOut).
let pendingSignOut: Promise<void> = Promise.resolve();

function track(work: Promise<unknown>): Promise<void> {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  pendingSignOut = Promise.all([pendingSignOut, settled]).then(() => undefined);
  return settled;
}

/** Ends the identity session. Never rejects: the local sign-out does not depend on it. */
export function signOutIdentity(): Promise<void> {
  return track(requestJson(`${IDENTITY_BASE_PATH}/sign-out`, { method: 'POST', body: {} }));
}

/**
 * Tab-scoped sign-in: a tab that starts without its own stored session must not inherit the cookie
 * session of a closed tab or window (docs/product.md §4 "logged out on page unload"), so that session ends.
 */
export function discardInheritedIdentity(): Promise<void> {
  return track(
    getIdentitySession().then((session) =>
      session ? requestJson(`${IDENTITY_BASE_PATH}/sign-out`, { method: 'POST', body: {} }) : null,
    ),
  );
}

/** Makes sign-in wait for `work` too: work that may end the identity session (a tab's start-up). */
export function waitBeforeSignIn(work: Promise<unknown>): void {
  void track(work);
}

/** Resolves once every sign-out sent so far has been answered (or failed). */
export function settledSignOut(): Promise<void> {
  return pendingSignOut;
}

/**
 * For tests only: forgets the sign-outs and start-ups waited for. A tab's page lives as long as its
 * module, but a test worker runs one file after another in the same modules: a start-up left
 * unanswered at a test's end (its timer was a fake one) would hold every later sign-in.
 */
export function forgetPendingSignOutsForTests(): void {
  pendingSignOut = Promise.resolve();
}
