import { SECOND_FACTOR_MESSAGES } from '../../../domain/second-factor';
import { completeSession } from '../../identity/second-factor';
import { confirmEnrolment, findSecondFactor } from '../../repositories/second-factor-repository';
import { AppError } from '../app-error';
import type { SecondFactorDeps, SessionCaller } from './second-factor-deps';
import { enabledError, pendingError } from './second-factor-rules';

/**
 * The first code of the new secret: the factor is on, and the backup codes are returned this once.
 * Only the person who started the enrolment has the secret it checks, so nothing more is asked
 * (docs/decisions/025). A staff member's waiting session is complete with it.
 */
export async function confirmSecondFactorEnrolment(
  deps: SecondFactorDeps,
  caller: SessionCaller,
  input: { code?: string },
): Promise<{ backupCodes: string[] }> {
  if (caller.pending === 'code') throw pendingError();
  const code = input.code?.trim() ?? '';
  if (!code) {
    throw new AppError('invalid', 'VALIDATION_ERROR', SECOND_FACTOR_MESSAGES.enterCode, {
      fieldErrors: [{ field: 'code', message: SECOND_FACTOR_MESSAGES.enterCode }],
    });
  }
  const factor = await findSecondFactor(deps.db, caller.mail);
  if (factor?.enabledAt) throw enabledError();
  if (!factor) {
    throw new AppError(
      'conflict',
      'SECOND_FACTOR_NO_ENROLMENT',
      SECOND_FACTOR_MESSAGES.noEnrolment,
    );
  }
  const backupCodes = await confirmEnrolment(deps.db, deps.keys, caller.mail, code);
  if (!backupCodes) {
    throw new AppError('invalid', 'INVALID_SECOND_FACTOR_CODE', SECOND_FACTOR_MESSAGES.wrongCode, {
      fieldErrors: [{ field: 'code', message: SECOND_FACTOR_MESSAGES.wrongCode }],
    });
  }
  await deps.record(caller.client, { action: 'auth.second-factor.enrol', mail: caller.mail });
  if (caller.pending === 'enrol') {
    await completeSession(deps.db, caller.sessionId);
    await deps.record(caller.client, { action: 'auth.sign-in', mail: caller.mail });
  }
  return { backupCodes };
}
