import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { mailOutboxCounts } from '../../server/repositories/mail-outbox-repository';
import { bearer, signIn } from '../api/helpers/auth';
import { createLedgerItem, ledgerCsv } from '../api/helpers/ledger-factory';
import { createTestApp, type TestApp } from '../api/helpers/test-app';
import { withClockAhead } from '../support/clock';
import { parseMail } from '../support/mail-files';
import { unusedPort } from '../support/ports';
import { startSmtpServer } from '../support/smtp-server';

// The mail server going away and coming back (docs/decisions/014). Every mail waits in
// the outbox while it is away and goes out, once each, when it returns; a mail whose link expired
// meanwhile is dropped and logged; a mail whose attempts run out is marked failed. The mail server
// is a local SMTP server this file starts and stops; no other system is stopped.

async function waitFor(what: string, done: () => Promise<boolean>, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('mail server away, then back', () => {
  let t: TestApp;
  let port: number;
  const logLines: string[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

  beforeAll(async () => {
    port = await unusedPort();
    t = await createTestApp({
      seed: { ledgerLinesPerCustomer: 0 },
      logStream: { write: (line) => logLines.push(line) },
      env: {
        RATE_LIMIT_IP_PER_MINUTE: '100000',
        RATE_LIMIT_MAIL_PER_MINUTE: '100000',
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_POLL_MS: '100',
        MAIL_RETRY_BASE_MS: '100',
        MAIL_RETRY_MAX_MS: '400',
        MAIL_MAX_ATTEMPTS: '100',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('an import and an invitation lose nothing: all delivered once each after it returns; an expired link is dropped and logged', async () => {
    const token = (await signIn(t.app, 'staff@example.com')).token;
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/spec/import-ledger',
      payload: ledgerCsv([createLedgerItem({ item_name: 'WHILE-AWAY' })]),
      headers: { ...bearer(token), 'content-type': 'text/csv; charset=utf-8' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/add-user',
      payload: {
        mail: 'invited-while-away@example.com',
        user_name: '招待 待ち',
        customer_code: 10001,
        user_type_id: 2,
      },
      headers: bearer(token),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ is_new_account: true, invitation_sent: true });
    // A reset mail whose link runs out while the server is away: late enough that it is tried
    // twice first even on a busy machine, and passed before the server returns (below).
    const expiresAt = new Date(Date.now() + 10_000);
    await t.platform.mailer.send(
      { to: 'expiring@example.com', subject: 'expiring', text: 'http://localhost/reset' },
      { kind: 'password-reset', expiresAt },
    );

    // Tried and retried while away: attempts counted, errors kept, nothing lost.
    await waitFor('retries', async () => {
      const rows = await t.database.db.select().from(mailOutbox);
      return rows.every((r) => r.attempts >= 2);
    });
    const waiting = await t.database.db.select().from(mailOutbox);
    expect(waiting.map((r) => r.status)).toEqual(waiting.map(() => 'pending'));
    expect(waiting.every((r) => (r.last_error ?? '').length > 0)).toBe(true);
    const expected = [
      'admin@example.com',
      'invited-while-away@example.com',
      'multi@example.com',
      'unverified@example.com',
      'user@example.com',
    ];
    expect((await mailOutboxCounts(t.database.db)).pending).toBe(expected.length + 1);

    // The server returns once the link is past its time: the clock is moved there, not waited for.
    await withClockAhead(Math.max(0, expiresAt.getTime() + 100 - Date.now()), async () => {
      smtp = await startSmtpServer(port);
      await waitFor(
        'the outbox to empty',
        async () => (await mailOutboxCounts(t.database.db)).pending === 0,
      );
    });
    if (!smtp) throw new Error('the mail server did not start');
    // The worker idle (its pass under way finished): a mail sent twice would have arrived by now.
    await t.platform.mailer.stop();

    const received = smtp.received.flatMap((r) => r.to).sort();
    expect(received).toEqual(expected);
    const mails = await Promise.all(smtp.received.map((r) => parseMail(r.raw)));
    expect(
      mails
        .filter((m) => m.subject.includes('出荷のお知らせ'))
        .every((m) => m.text.includes('WHILE-AWAY')),
    ).toBe(true);
    expect(mails.filter((m) => m.subject.includes('アカウント登録のご案内'))).toHaveLength(1);
    expect(await mailOutboxCounts(t.database.db)).toMatchObject({
      pending: 0,
      failed: 0,
      sent: expected.length,
      dropped: 1,
    });
    const [dropped] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'expiring@example.com'));
    expect(dropped).toMatchObject({ status: 'dropped', text_body: '' });
    const log = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(log).toContainEqual(
      expect.objectContaining({
        msg: 'mail dropped: its link expired before it could be sent',
        kind: 'password-reset',
      }),
    );
  });
});

describe('a mail whose attempts run out', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${await unusedPort()}`,
        MAIL_POLL_MS: '50',
        MAIL_RETRY_BASE_MS: '20',
        MAIL_RETRY_MAX_MS: '40',
        MAIL_MAX_ATTEMPTS: '3',
      },
    });
  });
  afterAll(async () => t?.close());

  it('is marked failed after the last attempt and stays visible in the counts', async () => {
    await t.platform.mailer.send({ to: 'never@example.com', subject: 'never', text: 'never' });
    await waitFor(
      'the mail to fail',
      async () => (await mailOutboxCounts(t.database.db)).failed === 1,
    );
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'never@example.com'));
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
  });
});
