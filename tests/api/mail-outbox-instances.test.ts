import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailFiles } from '../../server/mail/mail-files';
import { enqueueMail, mailOutboxCounts } from '../../server/repositories/mail-outbox-repository';
import { createTestApp, openSecondInstance, type TestApp } from './helpers/test-app';

// Two instances on one PostgreSQL, as behind a load balancer (docs/decisions/014): their outbox
// workers claim with FOR UPDATE SKIP LOCKED and a lease, so every mail is delivered once, by one
// of them. Runs with DATABASE_URL (PGlite's DATA_DIR is one process's).

describe.runIf(Boolean(process.env.DATABASE_URL))('two instances’ mail outboxes', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({ env: { MAIL_POLL_MS: '20' } });
    b = await openSecondInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('deliver each of many mails exactly once between them', async () => {
    const count = 300;
    // Written without waking either worker, then both woken at once: they race for the same rows.
    const db = a.database.db;
    for (let i = 0; i < count; i++) {
      await enqueueMail(
        db,
        { to: `race-${String(i).padStart(3, '0')}@example.com`, subject: `race ${i}`, text: 'x' },
        { kind: 'test' },
      );
    }
    a.platform.mailer.kick();
    b.platform.mailer.kick();
    const until = Date.now() + 60_000;
    while ((await mailOutboxCounts(db)).pending > 0 && Date.now() < until) await sleep(50);
    await sleep(500);

    expect(await mailOutboxCounts(db)).toMatchObject({ pending: 0, sent: count, failed: 0 });
    const delivered = (await readMailFiles(a.dataDir))
      .map((m) => m.to)
      .filter((to) => to.startsWith('race-'))
      .sort();
    expect(delivered).toHaveLength(count);
    expect(new Set(delivered).size).toBe(count);
  });
});
