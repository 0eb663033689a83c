import { meetsPasswordPolicy } from '../../../domain/password-policy';
import { wrongSignInReason } from '../../identity/identity-events';
import type { PendingSecondFactor } from '../../identity/second-factor';
import { countedPasswordCheck, type PasswordVerdict } from './counted-password-check';
import type { ProviderAnswer, RequestCaller, SignInDeps } from './sign-in-deps';
import {
  lockedRefusal,
  mailOfForm,
  providerErrorCode,
  wrongCredentialsRefusal,
} from './sign-in-rules';

/**
 * Sign-in with mail and password (docs/product.md §4, docs/decisions/008, 016): the pre-login
 * limits; the lock's reservation (a password check is counted before it is made, so at most five
 * are made before the lock); the provider checks the password and makes the session; a person
 * with a second factor gets a session that waits for the code; the audit log.
 */
export async function signIn(
  deps: SignInDeps,
  caller: RequestCaller,
  input: { email?: unknown; password?: unknown },
): Promise<ProviderAnswer> {
  const mail = mailOfForm(input.email);
  const password = typeof input.password === 'string' ? input.password : '';
  await caller.limit(mail);
  if (!mail) throw await wrongCredentialsRefusal(deps.db, mail, false);

  let pending: PendingSecondFactor | null = null;
  const check = await countedPasswordCheck(deps.db, mail, async () => {
    // docs/product.md §5: a password of the wrong format is a failed login like any other.
    if (!meetsPasswordPolicy(password)) return { verdict: 'wrong', result: null };
    const response = await deps.provider.signInWithPassword(caller.provider, mail, password);
    // Refused for another reason than the password (mail not verified, a mail it cannot read):
    // not judged, the check is given back.
    const verdict: PasswordVerdict =
      response.status === 401 ? 'wrong' : response.ok ? 'right' : 'unjudged';
    // A right password with a second factor to come: the count is neither cleared nor raised
    // until the code is checked, which counts under the same lock (decision 016).
    if (verdict === 'right') {
      pending = await deps.secondFactor.pendingAfterPassword(caller.trustedBrowser, mail);
      if (pending) return { verdict: 'unjudged', result: response };
    }
    return { verdict, result: response };
  });
  if (check.locked) {
    await deps.record(caller.client, { action: 'auth.sign-in-failed', mail, reason: 'locked' });
    throw await lockedRefusal(deps.db, mail);
  }
  const { result: response, lockedNow } = check;
  if (response === null || response.status === 401) {
    // A wrong password (or an unknown address), and the lock when this very failure set it.
    await deps.record(
      caller.client,
      { action: 'auth.sign-in-failed', mail, reason: await wrongSignInReason(deps.db, mail) },
      ...(lockedNow ? [{ action: 'auth.lock', mail } as const] : []),
    );
    throw await wrongCredentialsRefusal(deps.db, mail, lockedNow);
  }
  if (response.ok && pending) {
    // The session waits for its second factor before the answer (and its cookie) leaves; the
    // sign-in is recorded once the code is checked.
    return { response, body: await deps.secondFactor.holdSession(response, pending) };
  }
  if (response.ok) {
    await deps.record(caller.client, { action: 'auth.sign-in', mail });
  } else if (
    response.status === 403 &&
    (await providerErrorCode(response)) === 'EMAIL_NOT_VERIFIED'
  ) {
    await deps.record(caller.client, {
      action: 'auth.sign-in-failed',
      mail,
      reason: 'not-verified',
    });
  }
  return { response };
}
