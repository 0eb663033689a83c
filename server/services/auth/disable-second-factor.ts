import { SECOND_FACTOR_MESSAGES } from '../../../domain/second-factor';
import { findSecondFactor, removeSecondFactor } from '../../repositories/second-factor-repository';
import { AppError } from '../app-error';
import type { SecondFactorDeps, SessionCaller } from './second-factor-deps';
import {
  type CodeInput,
  checkSecondFactorCode,
  pendingError,
  reauthenticate,
  staffMustKeep,
} from './second-factor-rules';

/**
 * Turns the factor off: who is there is asked again (docs/decisions/025), and a code or a backup
 * code is needed as well; staff under STAFF_SECOND_FACTOR=required may not. The route clears the
 * browser's trusted mark.
 */
export async function disableSecondFactor(
  deps: SecondFactorDeps,
  caller: SessionCaller,
  input: CodeInput & { password?: string },
): Promise<void> {
  if (caller.pending) throw pendingError();
  if (await staffMustKeep(deps, caller.mail)) {
    throw new AppError('forbidden', 'FORBIDDEN', SECOND_FACTOR_MESSAGES.staffCannotDisable);
  }
  if (!(await findSecondFactor(deps.db, caller.mail))?.enabledAt) {
    throw new AppError('conflict', 'SECOND_FACTOR_NOT_ENABLED', SECOND_FACTOR_MESSAGES.notEnabled);
  }
  await reauthenticate(deps, caller, input.password);
  await checkSecondFactorCode(deps, caller, input, async () => {});
  await removeSecondFactor(deps.db, caller.mail);
  await deps.record(caller.client, { action: 'auth.second-factor.disable', mail: caller.mail });
}
