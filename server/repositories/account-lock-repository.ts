import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountLockouts, users } from '../../db/schema';
import { ACCOUNT_LOCK_MS, LOGIN_FAILURE_THRESHOLD } from '../../domain/constants';
import { normaliseMail } from '../../domain/mail-address';

/** docs/product.md §4 "Account lock": is this mail locked now? */
export async function isAccountLocked(db: Database, mail: string): Promise<boolean> {
  return (await accountLockedUntil(db, mail)) !== null;
}

/** When the lock of this mail ends; null when it is not locked now. */
export async function accountLockedUntil(db: Database, mail: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: accountLockouts.locked_until })
    .from(accountLockouts)
    .where(eq(accountLockouts.mail, normaliseMail(mail)));
  return row?.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : null;
}

/**
 * A password check that may go ahead: the attempt's number in the current count (1 to 5).
 * Null: the account is locked, or five checks are already counted, and the password must not be
 * checked at all.
 *
 * Each check is counted *before* the password is looked at (docs/decisions/008): one atomic
 * statement takes the next number only while fewer than five are counted and no lock holds, so
 * however many attempts arrive at once, on however many instances sharing the database, at most
 * five passwords are checked before the lock; the sixth and later are refused unchecked.
 */
export async function reservePasswordCheck(db: Database, mail: string): Promise<number | null> {
  const key = normaliseMail(mail);
  const now = new Date();
  // Five numbers taken and none resolved for an hour: their requests died with a process (a
  // request lasts seconds), so the count starts again instead of refusing the account for ever.
  const staleBefore = new Date(now.getTime() - ACCOUNT_LOCK_MS);
  const [row] = await db
    .insert(accountLockouts)
    .values({ mail: key, failure_count: 1, updated_at: now })
    .onConflictDoUpdate({
      target: accountLockouts.mail,
      set: {
        failure_count: sql`case when ${accountLockouts.failure_count} >= ${LOGIN_FAILURE_THRESHOLD} then 1 else ${accountLockouts.failure_count} + 1 end`,
        updated_at: now,
      },
      setWhere: and(
        or(
          lt(accountLockouts.failure_count, LOGIN_FAILURE_THRESHOLD),
          lte(accountLockouts.updated_at, staleBefore),
        ),
        or(isNull(accountLockouts.locked_until), lte(accountLockouts.locked_until, now)),
      ),
    })
    .returning({ attempt: accountLockouts.failure_count });
  return row?.attempt ?? null;
}

/**
 * The password of a reserved check was wrong: it stays counted, and the check that took the 5th
 * number locks the account for an hour and starts the count again (docs/product.md §4). Returns whether this
 * very failure locked the account.
 */
export async function recordWrongPassword(
  db: Database,
  mail: string,
  attempt: number,
): Promise<{ lockedNow: boolean }> {
  if (attempt < LOGIN_FAILURE_THRESHOLD) return { lockedNow: false };
  const key = normaliseMail(mail);
  return db.transaction(async (tx) => {
    const now = new Date();
    const locked = await tx
      .update(accountLockouts)
      .set({
        failure_count: 0,
        locked_until: new Date(now.getTime() + ACCOUNT_LOCK_MS),
        lock_count: sql`${accountLockouts.lock_count} + 1`,
        updated_at: now,
      })
      .where(
        and(
          eq(accountLockouts.mail, key),
          or(isNull(accountLockouts.locked_until), lte(accountLockouts.locked_until, now)),
        ),
      )
      .returning({ mail: accountLockouts.mail });
    if (locked.length === 0) return { lockedNow: false };
    // The spec's user record carries the lock date too (docs/product.md §3 User.account_lock_date).
    await tx
      .update(users)
      .set({ account_lock_date: now, updated_at: now })
      .where(eq(users.mail, key));
    return { lockedNow: true };
  });
}

/**
 * The reserved check ended without judging the password (the provider refused for another
 * reason, or failed): its number is given back.
 */
export async function releasePasswordCheck(db: Database, mail: string): Promise<void> {
  await db
    .update(accountLockouts)
    .set({
      failure_count: sql`greatest(${accountLockouts.failure_count} - 1, 0)`,
      updated_at: new Date(),
    })
    .where(
      and(eq(accountLockouts.mail, normaliseMail(mail)), gt(accountLockouts.failure_count, 0)),
    );
}

/** A successful sign-in starts the count again. */
export async function clearLoginFailures(db: Database, mail: string): Promise<void> {
  await db
    .update(accountLockouts)
    .set({ failure_count: 0, updated_at: new Date() })
    .where(eq(accountLockouts.mail, normaliseMail(mail)));
}

/**
 * A password reset by mail proves the person owns the mailbox: the lock is lifted and the count
 * starts again (docs/decisions/008).
 */
export async function liftAccountLock(db: Database, mail: string): Promise<void> {
  await db
    .update(accountLockouts)
    .set({ failure_count: 0, locked_until: null, updated_at: new Date() })
    .where(eq(accountLockouts.mail, normaliseMail(mail)));
}
