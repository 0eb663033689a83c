import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authUser, ledgerItems, mailOutbox, users } from '../../db/schema';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../server/plugins/error-handler';
import { bearer, signIn } from '../api/helpers/auth';
import { createTestApp, type TestApp } from '../api/helpers/test-app';
import { unusedPort } from '../support/ports';
import { type S3rverProcess, startS3rver } from '../support/s3rver';

// The object store and the mail server going away (faults). Storage: the document and
// shared-file calls fail within seconds with a clear 503, everything else keeps working, and the
// calls work again once the store is back. Mail: adding a user still succeeds as a whole (identity,
// row and audit entry), and the invitation waits in the mail outbox until the mail server is back
// (docs/decisions/006-faults.md, 014; tests/faults/mail-outbox.test.ts follows it to delivery).

describe('object storage unavailable', () => {
  let t: TestApp;
  let s3rver: S3rverProcess;
  let s3rverDir: string;
  let token: string;
  let line: typeof ledgerItems.$inferSelect;

  beforeAll(async () => {
    s3rverDir = mkdtempSync(join(tmpdir(), 'faults-s3rver-'));
    s3rver = await startS3rver(s3rverDir);
    t = await createTestApp({
      seed: { ledgerLinesPerCustomer: 10 },
      env: {
        RATE_LIMIT_IP_PER_MINUTE: '100000',
        RATE_LIMIT_MAIL_PER_MINUTE: '100000',
        S3_ENDPOINT: s3rver.endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    token = (await signIn(t.app, 'user@example.com')).token;
    const lines = await t.database.db
      .select()
      .from(ledgerItems)
      .where(and(eq(ledgerItems.customer_code, 10001), ne(ledgerItems.invoice_file_name, '')));
    // The seed leaves some referenced documents out of storage on purpose: take one that is there.
    for (const candidate of lines) {
      if (await t.platform.storage.exists('portal-10001', `Spec/${candidate.invoice_file_name}`)) {
        line = candidate;
        break;
      }
    }
  });
  afterAll(async () => {
    await t?.close();
    await s3rver?.stop();
    if (s3rverDir) rmSync(s3rverDir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
  const listRoot = () =>
    post('/api/v1/shared-file/get-shared-filename', { bucket_name: 'portal-10001' });
  const bulk = () =>
    post('/api/v1/shared-file/get-shared-files', {
      bucket_name: 'portal-10001',
      download_name: '請求書',
      folder_name: 'Spec',
      file_names: [line.invoice_file_name],
    });

  it('fails the file calls with a clear 503 in seconds; the rest keeps working; then recovers', async () => {
    const before = await listRoot();
    expect(before.statusCode, before.body).toBe(200);
    await s3rver.stop();

    for (const call of [listRoot, bulk]) {
      const started = performance.now();
      const res = await call();
      const ms = performance.now() - started;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        statusCode: 503,
        code: 'STORAGE_UNAVAILABLE',
        message: STORAGE_UNAVAILABLE_MESSAGE,
      });
      expect(res.headers['retry-after']).toBe('5');
      expect(ms, 'refused within seconds').toBeLessThan(15_000);
    }
    // Orders, notices and readiness do not depend on the store.
    expect(
      (await post('/api/v1/spec/search-result-ledgerItem', { customer_code: 10001 })).statusCode,
    ).toBe(200);
    expect((await post('/api/v1/notice/get-notice', { limit: 10 })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    // The store comes back on the same address: the same calls work, with no restart.
    s3rver = await startS3rver(s3rverDir, s3rver.port);
    expect((await listRoot()).statusCode).toBe(200);
    expect((await bulk()).statusCode).toBe(200);
  }, 120_000);
});

describe('mail server unavailable', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      seed: { ledgerLinesPerCustomer: 0 },
      env: {
        RATE_LIMIT_IP_PER_MINUTE: '100000',
        RATE_LIMIT_MAIL_PER_MINUTE: '100000',
        SMTP_URL: `smtp://127.0.0.1:${await unusedPort()}`,
      },
    });
  });
  afterAll(async () => t?.close());

  it('adding a user succeeds as a whole and its invitation waits in the outbox', async () => {
    const token = (await signIn(t.app, 'staff@example.com')).token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/add-user',
      payload: {
        mail: 'no-mail-server@example.com',
        user_name: '送信 失敗',
        customer_code: 10001,
        user_type_id: 2,
      },
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    // The invitation is kept and sent when the mail server returns (it was false).
    expect(res.json()).toMatchObject({ is_new_account: true, invitation_sent: true });
    const [waiting] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'no-mail-server@example.com'));
    expect(waiting).toMatchObject({ kind: 'invitation', status: 'pending' });

    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.mail, 'no-mail-server@example.com'));
    expect(row).toMatchObject({ customer_code: 10001, delete_flag: false });
    const [identity] = await t.database.db
      .select()
      .from(authUser)
      .where(eq(authUser.email, 'no-mail-server@example.com'));
    expect(identity?.id).toBe(row!.firebase_uid);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entity_id, String(row!.id))));
    expect(audit).toHaveLength(1);
  }, 60_000);

  // The answer was 503 MAIL_UNAVAILABLE; the mail is now kept in
  // the outbox and sent when the server returns, and the answer is the one of any address.
  it('a password reset request answers as for any address; its mail waits in the outbox', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'user@example.com', redirectTo: '/reset-password' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
    const [waiting] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'user@example.com'));
    expect(waiting).toMatchObject({ kind: 'password-reset', status: 'pending' });
  }, 60_000);
});
