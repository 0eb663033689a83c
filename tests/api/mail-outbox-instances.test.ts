import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueueMail, mailOutboxCounts } from '../../server/repositories/mail-outbox-repository';
import { readMailFiles } from '../support/mail-files';
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
    // Both workers idle (their passes under way finished): a mail sent twice would be written.
    await Promise.all([a.platform.mailer.stop(), b.platform.mailer.stop()]);

    expect(await mailOutboxCounts(db)).toMatchObject({ pending: 0, sent: count, failed: 0 });
    const delivered = (await readMailFiles(a.dataDir))
      .map((m) => m.to)
      .filter((to) => to.startsWith('race-'))
      .sort();
    expect(delivered).toHaveLength(count);
    expect(new Set(delivered).size).toBe(count);
  });
});

// PORTAL_ROLE apart (decision 029): a `web` instance only writes mails to the outbox, and two
// `worker` instances deliver them, each once. Each has a DATA_DIR of its own, so the .eml files
// say who delivered what.
describe.runIf(Boolean(process.env.DATABASE_URL))('a web instance and two workers', () => {
  let web: TestApp;
  let workers: TestApp[] = [];

  beforeAll(async () => {
    web = await createTestApp({ env: { MAIL_POLL_MS: '20', PORTAL_ROLE: 'web' } });
    workers = [
      await openSecondInstance(web, { config: { PORTAL_ROLE: 'worker' }, ownDataDir: true }),
      await openSecondInstance(web, { config: { PORTAL_ROLE: 'worker' }, ownDataDir: true }),
    ];
  });
  afterAll(async () => {
    for (const worker of workers) await worker.close();
    await web?.close();
  });

  it('the workers deliver every mail the web instance wrote exactly once, the web instance none', async () => {
    const count = 200;
    for (let i = 0; i < count; i++) {
      await web.platform.mailer.send({
        to: `split-${String(i).padStart(3, '0')}@example.com`,
        subject: `split ${i}`,
        text: 'x',
      });
    }
    const db = web.database.db;
    await vi.waitFor(
      async () => expect(await mailOutboxCounts(db)).toMatchObject({ pending: 0, sent: count }),
      { timeout: 60_000, interval: 50 },
    );
    // Both workers idle: a mail sent twice would have been written by now.
    await Promise.all(workers.map((w) => w.platform.mailer.stop()));

    expect(await readMailFiles(web.dataDir)).toEqual([]);
    const delivered = (await Promise.all(workers.map((w) => readMailFiles(w.dataDir)))).flatMap(
      (mails) => mails.map((m) => m.to),
    );
    expect(delivered).toHaveLength(count);
    expect(new Set(delivered).size).toBe(count);
  });

  it('a worker answers its probes and nothing of the portal', async () => {
    const worker = workers[0]!.app;
    expect((await worker.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await worker.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/api/v1/user/check-account-lock'],
      ['GET', '/'],
    ] as const) {
      expect((await worker.inject({ method, url, payload: {} })).statusCode).toBe(404);
    }
    expect((await web.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
