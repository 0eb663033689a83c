import { and, eq, gt, inArray, max } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountLockouts, auditLog } from '../../db/schema';

/** What the managers page shows of one person's signing in. */
export interface SignInFacts {
  /** The lock's end, when one holds now. */
  lockedUntil: Date | null;
  /** The newest `auth.sign-in` the audit log holds for the mail. */
  lastSignInAt: Date | null;
}

/**
 * The sign-in facts of these mails (normalised), read in two statements whatever their number:
 * the locks holding now (account_lockouts) and the newest sign-in of each mail (the audit log's
 * actor-mail index). A mail with neither is absent from the map.
 */
export async function signInFactsOf(
  db: Pick<Database, 'select'>,
  mails: readonly string[],
): Promise<Map<string, SignInFacts>> {
  const facts = new Map<string, SignInFacts>();
  if (mails.length === 0) return facts;
  const list = [...new Set(mails)];
  const [locks, signIns] = await Promise.all([
    db
      .select({ mail: accountLockouts.mail, lockedUntil: accountLockouts.locked_until })
      .from(accountLockouts)
      .where(
        and(inArray(accountLockouts.mail, list), gt(accountLockouts.locked_until, new Date())),
      ),
    db
      .select({ mail: auditLog.actor_mail, at: max(auditLog.created_at) })
      .from(auditLog)
      .where(and(inArray(auditLog.actor_mail, list), eq(auditLog.action, 'auth.sign-in')))
      .groupBy(auditLog.actor_mail),
  ]);
  const of = (mail: string) => {
    let f = facts.get(mail);
    if (!f) {
      f = { lockedUntil: null, lastSignInAt: null };
      facts.set(mail, f);
    }
    return f;
  };
  for (const lock of locks) of(lock.mail).lockedUntil = lock.lockedUntil;
  for (const s of signIns) {
    if (s.mail && s.at) of(s.mail).lastSignInAt = new Date(s.at);
  }
  return facts;
}
