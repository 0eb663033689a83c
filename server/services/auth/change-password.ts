import { LOGIN_MESSAGES } from '../../../domain/messages';
import type { ProviderRequest } from '../../identity/identity-port';
import { endTrustedBrowsers } from '../../repositories/second-factor-repository';
import { AppError } from '../app-error';
import { countedPasswordCheck, type PasswordVerdict } from './counted-password-check';
import type { SessionCaller } from './second-factor-deps';
import { pendingError } from './second-factor-rules';
import type { ProviderAnswer, SignInDeps } from './sign-in-deps';
import { lockedRefusal, providerErrorCode, wrongCredentialsRefusal } from './sign-in-rules';

/**
 * The signed-in person's password change (docs/product.md §5). The current password is checked
 * and counted like a sign-in (a stolen session must not be a way around the lock); a new password
 * that is the current one is refused before anything is counted; a change ends every other
 * session and every browser trusted to skip the second factor.
 */
export async function changePassword(
  deps: SignInDeps,
  caller: SessionCaller & { provider: ProviderRequest },
  input: { currentPassword?: unknown; newPassword?: unknown },
): Promise<ProviderAnswer> {
  if (caller.pending) throw pendingError();
  const { mail, uid } = caller;
  if (typeof input.newPassword === 'string' && input.newPassword === input.currentPassword) {
    throw new AppError('invalid', 'SAME_PASSWORD', LOGIN_MESSAGES.samePassword, {
      fieldErrors: [{ field: 'newPassword', message: LOGIN_MESSAGES.samePassword }],
    });
  }
  const check = await countedPasswordCheck(deps.db, mail, async () => {
    const response = await deps.provider.changePassword(caller.provider, { uid, mail }, input);
    const verdict: PasswordVerdict =
      response.status === 400 && (await providerErrorCode(response)) === 'INVALID_PASSWORD'
        ? 'wrong'
        : response.ok
          ? 'right'
          : 'unjudged';
    return { verdict, result: { response, verdict } };
  });
  const change = (success: boolean, reason?: 'locked' | 'wrong-password') =>
    deps.record(caller.client, { action: 'auth.password-change', mail, success, reason });
  if (check.locked) {
    await change(false, 'locked');
    throw await lockedRefusal(deps.db, mail);
  }
  const { response, verdict } = check.result;
  if (verdict === 'wrong') {
    await change(false, 'wrong-password');
    if (check.lockedNow) await deps.record(caller.client, { action: 'auth.lock', mail });
    throw await wrongCredentialsRefusal(deps.db, mail, check.lockedNow, 'password-change');
  }
  if (verdict === 'right') {
    deps.forgetSessionsOf(uid);
    // As every other session ends, so does every browser trusted to skip the code.
    await endTrustedBrowsers(deps.db, mail);
    await change(true);
  }
  return { response };
}
