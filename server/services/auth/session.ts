import { AppError } from '../app-error';
import type { ClientInfo } from '../caller';
import type { SecondFactorGate } from './second-factor-gate';
import { pendingError } from './second-factor-rules';
import type { ProviderAnswer, RequestCaller, SignInDeps } from './sign-in-deps';

// The cookie session's own calls (docs/decisions/003, 008, 016): its access token, its state, its
// end. The provider answers each; these decide what a session waiting for its second factor, or
// refused by the provider since, is given.

/** A cookie session as the provider read it; null when there is none. */
export interface CookieSession {
  sessionId: string;
  uid: string;
  mail: string;
  signedInAt: Date;
}

type SessionDeps = SignInDeps & { gate: Pick<SecondFactorGate, 'isPending'> };

/**
 * A new access token: none for a session waiting for its second factor, nor, under Firebase, for
 * a session from before the credentials changed there (it has just been ended).
 */
export async function issueAccessToken(
  deps: SessionDeps,
  caller: RequestCaller & { session: CookieSession | null },
): Promise<ProviderAnswer> {
  const { session } = caller;
  if (session) {
    if (await deps.gate.isPending(session.sessionId)) throw pendingError();
    let refused: boolean;
    try {
      refused = await deps.provider.isRefused(session.uid, session.signedInAt);
    } catch (err) {
      throw Object.assign(new AppError('unavailable', 'SERVICE_UNAVAILABLE'), { cause: err });
    }
    if (refused) {
      deps.forgetSessionsOf(session.uid);
      throw new AppError('unauthenticated', 'UNAUTHORIZED');
    }
  }
  return { response: await caller.provider.forward('/token') };
}

/**
 * The session behind the cookie. A session waiting for its second factor is answered without
 * anything that stands for it elsewhere: no session token in the body (access tokens come from
 * /token only).
 */
export async function readSession(
  deps: SessionDeps,
  caller: RequestCaller,
): Promise<ProviderAnswer> {
  const response = await caller.provider.forward('/get-session');
  const answer = (await response
    .clone()
    .json()
    .catch(() => null)) as { session?: { id?: unknown; token?: unknown } } | null;
  const sessionId = answer?.session?.id;
  if (typeof sessionId !== 'string' || !(await deps.gate.isPending(sessionId))) {
    return { response };
  }
  const { token: _token, ...session } = answer!.session!;
  return { response, body: { ...answer, session } };
}

/** Sign-out: the session ends, its verified tokens are forgotten, and it is recorded. */
export async function signOut(
  deps: SignInDeps,
  caller: {
    client: ClientInfo;
    provider: RequestCaller['provider'];
    session: CookieSession | null;
  },
): Promise<ProviderAnswer> {
  const response = await caller.provider.forward('/sign-out');
  const { session } = caller;
  if (session) deps.forgetSessionsOf(session.uid);
  if (session && response.ok) {
    await deps.record(caller.client, { action: 'auth.sign-out', mail: session.mail });
  }
  return { response };
}
