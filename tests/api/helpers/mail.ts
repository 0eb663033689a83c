import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
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
