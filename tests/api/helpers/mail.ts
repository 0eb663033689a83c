import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';
import { type MailFile, readMailFiles } from '../../support/mail-files';

/**
 * The mails the file driver wrote, once the outbox has none left waiting (docs/decisions/014:
 * mails are delivered by the outbox's worker, woken as each is written, so within milliseconds).
 * Waits at most `timeoutMs`, then reads what is there: a test expecting a mail fails on its own
 * assertion, and one expecting none sees every mail that was going to be written.
 */
export async function deliveredMails(
  t: { database: DatabaseHandle; dataDir: string },
  timeoutMs = 10_000,
): Promise<MailFile[]> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const waiting = await t.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'))
      .limit(1);
    if (waiting.length === 0) break;
    await sleep(20);
  }
  return readMailFiles(t.dataDir);
}

/**
 * The delivered mails once `arrived` holds for them. The identity routes (a password reset, a
 * verification) answer before their mail is queued, so `deliveredMails` alone may read too early.
 * Waits at most five seconds, then fails saying what it waited for.
 */
export function mailsOnceArrived(
  t: { database: DatabaseHandle; dataDir: string },
  arrived: (mails: MailFile[]) => boolean,
  what: string,
): Promise<MailFile[]> {
  return vi.waitFor(
    async () => {
      const mails = await deliveredMails(t);
      if (!arrived(mails)) throw new Error(`${what} has not arrived`);
      return mails;
    },
    { timeout: 5_000, interval: 50 },
  );
}
