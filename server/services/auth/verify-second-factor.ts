import { SECOND_FACTOR_MESSAGES } from '../../../domain/second-factor';
import { completeSession, endSession, trustedBrowserValue } from '../../identity/second-factor';
import { findSecondFactor } from '../../repositories/second-factor-repository';
import { AppError } from '../app-error';
import type { SecondFactorDeps, SessionCaller } from './second-factor-deps';
import { type CodeInput, checkSecondFactorCode } from './second-factor-rules';

/**
 * The code after the password (or a backup code): the waiting session is complete and the
 * sign-in recorded. With `trustBrowser`, the answer carries the mark that lets this browser skip
 * the code for 30 days (docs/decisions/016). The rate limits are the route's, before this.
 */
export async function verifySecondFactor(
  deps: SecondFactorDeps,
  caller: SessionCaller,
  input: CodeInput & { trustBrowser?: boolean },
): Promise<{
  backupCodeUsed: boolean;
  trustedBrowser: { value: string; maxAgeSeconds: number } | null;
}> {
  if (caller.pending !== 'code') {
    throw new AppError('conflict', 'SECOND_FACTOR_NOT_PENDING', SECOND_FACTOR_MESSAGES.pending);
  }
  // The lock ends the waiting session: the person signs in again once it is lifted.
  const { backup } = await checkSecondFactorCode(deps, caller, input, () =>
    endSession(deps.db, caller.sessionId),
  );
  await completeSession(deps.db, caller.sessionId);
  // The sign-in is complete only now (the password step did not record it).
  await deps.record(caller.client, { action: 'auth.sign-in', mail: caller.mail });
  let trustedBrowser = null;
  if (input.trustBrowser === true) {
    const factor = await findSecondFactor(deps.db, caller.mail);
    if (factor) trustedBrowser = trustedBrowserValue(deps.keys, caller.mail, factor.factorId);
  }
  return { backupCodeUsed: backup, trustedBrowser };
}
