import { liftAccountLock } from '../../repositories/account-lock-repository';
import { endTrustedBrowsers } from '../../repositories/second-factor-repository';
import type { ProviderAnswer, RequestCaller, SignInDeps } from './sign-in-deps';

/**
 * The new password of a reset (or invitation) link. The provider sets it, counts the mail as
 * verified and ends every session of the identity; following the link proves the mailbox, so the
 * account lock is lifted (docs/decisions/008) and every browser trusted to skip the second factor
 * forgets it (decision 016).
 */
export async function confirmPasswordReset(
  deps: SignInDeps,
  caller: RequestCaller,
  input: { token?: unknown; newPassword?: unknown },
): Promise<ProviderAnswer> {
  await caller.limit('');
  const { response, identity } = await deps.provider.confirmReset(caller.provider, input);
  if (identity) {
    if (identity.uid) deps.forgetSessionsOf(identity.uid);
    await liftAccountLock(deps.db, identity.mail);
    await endTrustedBrowsers(deps.db, identity.mail);
    await deps.record(caller.client, { action: 'auth.password-reset', mail: identity.mail });
  }
  return { response };
}
