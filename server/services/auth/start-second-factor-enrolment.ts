import { decryptSecret } from '../../identity/second-factor';
import { otpauthUri } from '../../identity/totp';
import { findSecondFactor, startEnrolment } from '../../repositories/second-factor-repository';
import type { SecondFactorDeps, SessionCaller } from './second-factor-deps';
import { enabledError, pendingError, reauthenticate } from './second-factor-rules';

/**
 * The secret to enrol: the staff's obligatory enrolment, or turning the factor on from the account
 * page. Asks who is there again (the password, or a recent sign-in: docs/decisions/025). An
 * enrolment already waiting is given again (`resumed`), so that a reload of the set-up screen
 * shows the key the person may have put into their app already; a new one only when asked
 * (`newKey`), which ends the old one.
 */
export async function startSecondFactorEnrolment(
  deps: SecondFactorDeps,
  caller: SessionCaller,
  input: { password?: string; newKey?: boolean },
): Promise<{ secret: string; uri: string; resumed: boolean }> {
  if (caller.pending === 'code') throw pendingError();
  const factor = await findSecondFactor(deps.db, caller.mail);
  if (factor?.enabledAt) throw enabledError();
  await reauthenticate(deps, caller, input.password);
  const uriOf = (secret: string) => otpauthUri(deps.config.WEB_TITLE, caller.mail, secret);
  if (factor && !input.newKey) {
    const secret = decryptSecret(deps.keys, factor.secret);
    return { secret, uri: uriOf(secret), resumed: true };
  }
  const secret = await startEnrolment(deps.db, deps.keys, caller.mail);
  if (!secret) throw enabledError();
  return { secret, uri: uriOf(secret), resumed: false };
}
