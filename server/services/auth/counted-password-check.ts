import type { Database } from '../../../db/client';
import {
  clearLoginFailures,
  recordWrongPassword,
  releasePasswordCheck,
  reservePasswordCheck,
} from '../../repositories/account-lock-repository';

/** How a counted password check ended: the password was right, wrong, or not judged at all. */
export type PasswordVerdict = 'right' | 'wrong' | 'unjudged';

/**
 * One password check under the lock's rule (docs/decisions/008): its number is taken first (none
 * left → `locked`, and `check` never runs); a wrong password keeps it and the fifth locks; a right
 * one starts the count again; a check that judged nothing, or failed, gives its number back.
 */
export async function countedPasswordCheck<T>(
  db: Database,
  mail: string,
  check: () => Promise<{ verdict: PasswordVerdict; result: T }>,
): Promise<{ locked: true } | { locked: false; result: T; lockedNow: boolean }> {
  const attempt = await reservePasswordCheck(db, mail);
  if (attempt === null) return { locked: true };
  let outcome: { verdict: PasswordVerdict; result: T };
  try {
    outcome = await check();
  } catch (err) {
    await releasePasswordCheck(db, mail).catch(() => {});
    throw err;
  }
  if (outcome.verdict === 'wrong') {
    const { lockedNow } = await recordWrongPassword(db, mail, attempt);
    return { locked: false, result: outcome.result, lockedNow };
  }
  if (outcome.verdict === 'right') await clearLoginFailures(db, mail);
  else await releasePasswordCheck(db, mail);
  return { locked: false, result: outcome.result, lockedNow: false };
}
