import { LOGIN_MESSAGES } from '../../../domain/messages';
import { meetsPasswordPolicy } from '../../../domain/password-policy';
import { SECOND_FACTOR_MESSAGES } from '../../../domain/second-factor';
import { REAUTHENTICATION_WINDOW_SECONDS } from '../../identity/second-factor';
import {
  acceptTotpCode,
  isStaffMail,
  spendBackupCode,
} from '../../repositories/second-factor-repository';
import { AppError } from '../app-error';
import { countedPasswordCheck } from './counted-password-check';
import type { SecondFactorDeps, SessionCaller } from './second-factor-deps';

// The steps the second factor's use cases share: who is asked again, how a code is counted.

export const lockedError = () => new AppError('locked', 'ACCOUNT_LOCKED', LOGIN_MESSAGES.locked);

export const pendingError = () =>
  new AppError('forbidden', 'SECOND_FACTOR_REQUIRED', SECOND_FACTOR_MESSAGES.pending);

export const enabledError = () =>
  new AppError('conflict', 'SECOND_FACTOR_ENABLED', SECOND_FACTOR_MESSAGES.alreadyEnabled);

/** Staff must keep a factor (STAFF_SECOND_FACTOR=required and a staff row). */
export const staffMustKeep = async (deps: SecondFactorDeps, mail: string) =>
  deps.config.STAFF_SECOND_FACTOR === 'required' && (await isStaffMail(deps.db, mail));

/** What a code check was given: a code of the factor, or one of the backup codes. */
export interface CodeInput {
  code?: string;
  backupCode?: string;
}

/**
 * A code of the person's factor or one of their backup codes, counted like a password under the
 * five-failure lock (docs/decisions/016). Wrong → unauthenticated (account_locked when this one
 * set the lock); locked → locked. `onLocked` runs when the lock holds or was just set. Returns
 * whether a backup code was used.
 */
export async function checkSecondFactorCode(
  deps: SecondFactorDeps,
  caller: SessionCaller,
  input: CodeInput,
  onLocked: () => Promise<void>,
): Promise<{ backup: boolean }> {
  const backupCode = input.backupCode?.trim() ?? '';
  const backup = backupCode !== '';
  const given = backup ? backupCode : (input.code?.trim() ?? '');
  if (!given) {
    throw new AppError('invalid', 'VALIDATION_ERROR', SECOND_FACTOR_MESSAGES.enterCode, {
      fieldErrors: [
        { field: backup ? 'backupCode' : 'code', message: SECOND_FACTOR_MESSAGES.enterCode },
      ],
    });
  }
  const { db, keys } = deps;
  const check = await countedPasswordCheck(db, caller.mail, async () => {
    const ok = backup
      ? await spendBackupCode(db, keys, caller.mail, given)
      : await acceptTotpCode(db, keys, caller.mail, given);
    return { verdict: ok ? 'right' : 'wrong', result: ok };
  });
  if (check.locked) {
    await deps.record(caller.client, {
      action: 'auth.second-factor.failed',
      mail: caller.mail,
      success: false,
      reason: 'locked',
    });
    await onLocked();
    throw lockedError();
  }
  if (!check.result) {
    await deps.record(
      caller.client,
      {
        action: 'auth.second-factor.failed',
        mail: caller.mail,
        success: false,
        reason: backup ? 'wrong-backup-code' : 'wrong-code',
      },
      ...(check.lockedNow ? [{ action: 'auth.lock', mail: caller.mail } as const] : []),
    );
    if (check.lockedNow) await onLocked();
    throw new AppError(
      'unauthenticated',
      'INVALID_SECOND_FACTOR_CODE',
      backup ? SECOND_FACTOR_MESSAGES.wrongBackupCode : SECOND_FACTOR_MESSAGES.wrongCode,
      { accountLocked: check.lockedNow },
    );
  }
  if (backup) {
    await deps.record(caller.client, {
      action: 'auth.second-factor.backup-code-used',
      mail: caller.mail,
    });
  }
  return { backup };
}

/**
 * Turning the factor on or off asks who is there again (docs/decisions/025): the current
 * password, counted under the five-failure lock as a password change is, or a sign-in whose
 * password was checked less than REAUTHENTICATION_WINDOW_SECONDS ago. A session cookie alone,
 * taken from a browser left signed in, does neither.
 */
export async function reauthenticate(
  deps: SecondFactorDeps,
  caller: SessionCaller,
  password: string | undefined,
): Promise<void> {
  if (!password) {
    if (Date.now() - caller.signedInAt.getTime() < REAUTHENTICATION_WINDOW_SECONDS * 1000) return;
    // The staff's obligatory enrolment has no password field: that person signs in again.
    const message = caller.pending
      ? SECOND_FACTOR_MESSAGES.pending
      : SECOND_FACTOR_MESSAGES.enterPassword;
    throw new AppError(
      'forbidden',
      'REAUTHENTICATION_REQUIRED',
      message,
      caller.pending ? {} : { fieldErrors: [{ field: 'password', message }] },
    );
  }
  const check = await countedPasswordCheck(deps.db, caller.mail, async () => {
    // docs/product.md §5: a password of the wrong format is a wrong password, never sent on.
    const right =
      meetsPasswordPolicy(password) &&
      (await deps.identity.checkPassword(caller.uid, caller.mail, password));
    return { verdict: right ? 'right' : 'wrong', result: right };
  });
  if (check.locked) throw lockedError();
  if (!check.result) {
    if (check.lockedNow)
      await deps.record(caller.client, { action: 'auth.lock', mail: caller.mail });
    throw new AppError('invalid', 'INVALID_PASSWORD', SECOND_FACTOR_MESSAGES.wrongPassword, {
      fieldErrors: [{ field: 'password', message: SECOND_FACTOR_MESSAGES.wrongPassword }],
      accountLocked: check.lockedNow,
    });
  }
}
