import { z } from 'zod';
import { HttpError, requestJson } from './http';

// The identity provider's calls the session itself needs (Better Auth under /api/auth). Sign-in
// and password reset belong to the auth feature (features/auth/api).
export const IDENTITY_BASE_PATH = '/api/auth';

const tokenSchema = z.object({ token: z.string().min(1) });

/** A JWT for /api/v1 of the signed-in identity; HttpError 401 when there is no session. */
export async function getIdentityToken(): Promise<string> {
  const data = await requestJson(`${IDENTITY_BASE_PATH}/token`);
  const parsed = tokenSchema.safeParse(data);
  if (!parsed.success) throw new HttpError(0, 'INVALID_RESPONSE', data);
  return parsed.data.token;
}

const identitySessionSchema = z
  .object({ user: z.object({ id: z.string(), email: z.string() }) })
  .nullable();
export type IdentitySession = z.infer<typeof identitySessionSchema>;

/** The session behind the cookie, or null; never 401. */
export async function getIdentitySession(): Promise<IdentitySession> {
  const data = await requestJson(`${IDENTITY_BASE_PATH}/get-session`);
  const parsed = identitySessionSchema.safeParse(data);
  if (!parsed.success) throw new HttpError(0, 'INVALID_RESPONSE', data);
  return parsed.data;
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

/** Resolves once every sign-out sent so far has been answered (or failed). */
export function settledSignOut(): Promise<void> {
  return pendingSignOut;
}
