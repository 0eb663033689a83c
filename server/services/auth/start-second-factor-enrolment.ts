import { otpauthUri } from '../../identity/totp';
import { findSecondFactor, startEnrolment } from '../../repositories/second-factor-repository';
import type { SecondFactorDeps, SessionCaller } from './second-factor-deps';
import { enabledError, pendingError, reauthenticate } from './second-factor-rules';

/**
 * A new secret: the staff's obligatory enrolment, or turning the factor on from the account page.
 * Asks who is there again (the password, or a recent sign-in: docs/decisions/025).
 */
export async function startSecondFactorEnrolment(
  deps: SecondFactorDeps,
  caller: SessionCaller,
  input: { password?: string },
): Promise<{ secret: string; uri: string }> {
  if (caller.pending === 'code') throw pendingError();
  if ((await findSecondFactor(deps.db, caller.mail))?.enabledAt) throw enabledError();
  await reauthenticate(deps, caller, input.password);
  const secret = await startEnrolment(deps.db, deps.keys, caller.mail);
  if (!secret) throw enabledError();
  return { secret, uri: otpauthUri(deps.config.WEB_TITLE, caller.mail, secret) };
}
