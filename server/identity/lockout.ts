import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountLockouts, users } from '../../db/schema';
import { ACCOUNT_LOCK_MS, LOGIN_FAILURE_THRESHOLD } from '../../domain/constants';

export const normaliseMail = (mail: string) => mail.trim().toLowerCase();

/** Spec §4 "Account lock": is this mail locked now? */
export async function isAccountLocked(db: Database, mail: string): Promise<boolean> {
  const [row] = await db
    .select({ lockedUntil: accountLockouts.locked_until })
    .from(accountLockouts)
    .where(eq(accountLockouts.mail, normaliseMail(mail)));
  return Boolean(row?.lockedUntil && row.lockedUntil.getTime() > Date.now());
}

/**
 * Counts one credential failure and locks the account at the 5th (spec §4). The row is locked
 * (SELECT … FOR UPDATE) for the read-modify-write, so parallel failures are counted one after the
 * other; a failure while locked changes nothing, and the failure that reaches the threshold locks
 * for 1 hour and resets the counter. Returns whether this very failure locked the account.
 */
export async function recordLoginFailure(
  db: Database,
  mail: string,
): Promise<{ lockedNow: boolean }> {
  const key = normaliseMail(mail);
  await db.insert(accountLockouts).values({ mail: key }).onConflictDoNothing();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(accountLockouts)
      .where(eq(accountLockouts.mail, key))
      .for('update');
    if (!row) throw new Error('lockout row vanished');
    const now = new Date();
    if (row.locked_until && row.locked_until > now) return { lockedNow: false };
    const failures = row.failure_count + 1;
    if (failures < LOGIN_FAILURE_THRESHOLD) {
      await tx
        .update(accountLockouts)
        .set({ failure_count: failures, updated_at: now })
        .where(eq(accountLockouts.mail, key));
      return { lockedNow: false };
    }
    await tx
      .update(accountLockouts)
      .set({
        failure_count: 0,
        locked_until: new Date(now.getTime() + ACCOUNT_LOCK_MS),
        lock_count: row.lock_count + 1,
        updated_at: now,
      })
      .where(eq(accountLockouts.mail, key));
    // The spec's user record carries the lock date too (spec §3 User.account_lock_date).
    await tx
      .update(users)
      .set({ account_lock_date: now, updated_at: now })
      .where(eq(users.mail, key));
    return { lockedNow: true };
  });
}

/** A successful sign-in starts the count again. */
export async function clearLoginFailures(db: Database, mail: string): Promise<void> {
  await db
    .update(accountLockouts)
    .set({ failure_count: 0, updated_at: new Date() })
    .where(eq(accountLockouts.mail, normaliseMail(mail)));
}
