import type { SecondFactorStatus } from '../../../domain/second-factor';
import { backupCodesLeft, findSecondFactor } from '../../repositories/second-factor-repository';
import type { SecondFactorDeps, SessionCaller } from './second-factor-deps';
import { pendingError, staffMustKeep } from './second-factor-rules';

/**
 * The factor's state for the account page. It is the signed-in person's: a session still waiting
 * for its code (or its enrolment) learns nothing of it, not even whether backup codes are left.
 */
export async function getSecondFactorState(
  deps: SecondFactorDeps,
  caller: SessionCaller,
): Promise<SecondFactorStatus> {
  if (caller.pending) throw pendingError();
  const factor = await findSecondFactor(deps.db, caller.mail);
  const enabled = Boolean(factor?.enabledAt);
  return {
    enabled,
    pending: caller.pending,
    required: await staffMustKeep(deps, caller.mail),
    backupCodesLeft: enabled ? await backupCodesLeft(deps.db, caller.mail) : 0,
  };
}
