import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { signInHistorySchema } from '../../domain/api/account';
import { createAccount } from './helpers/accounts';
import { bearer, DEMO_PASSWORD, signIn } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// The identity's events in the audit log under IDENTITY_PROVIDER=firebase (project api-firebase, the Auth Emulator): the same
// identity events in the audit log as with the built-in provider (tests/api/account.test.ts),
// since both pass through the portal's /api/auth routes.

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
});
afterAll(async () => t?.close());

const signInFrom = (mail: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: mail, password },
    remoteAddress: ip,
    headers: { 'user-agent': CHROME },
  });

const eventsOf = (mail: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actor_mail, mail), eq(auditLog.entity, 'auth')))
    .orderBy(desc(auditLog.id));

describe('identity events under Firebase', () => {
  it('records success, wrong password, the lock, a locked attempt and an unknown address', async () => {
    expect(t.config.IDENTITY_PROVIDER).toBe('firebase');
    const { mail } = await createAccount(t, 'fb-events');
    const [row] = await t.database.db.select().from(users).where(eq(users.mail, mail));
    expect((await signInFrom(mail, DEMO_PASSWORD, '203.0.113.30')).statusCode).toBe(200);
    for (let i = 1; i <= 5; i++) await signInFrom(mail, `Wrong-pass${i}!`, '203.0.113.31');
    expect((await signInFrom(mail, DEMO_PASSWORD, '203.0.113.32')).statusCode).toBe(423);
    const events = (await eventsOf(mail)).reverse();
    expect(events.map((e) => e.action)).toEqual([
      'auth.sign-in',
      ...Array(5).fill('auth.sign-in-failed'),
      'auth.lock',
      'auth.sign-in-failed',
    ]);
    expect(events[0]).toMatchObject({
      actor_user_id: row!.id,
      customer_code: 10001,
      ip_address: '203.0.113.30',
      user_agent: CHROME,
    });
    expect(events[1]).toMatchObject({ after: { success: false, reason: 'wrong-password' } });
    expect(events[7]).toMatchObject({
      ip_address: '203.0.113.32',
      after: { success: false, reason: 'locked' },
    });
    expect(JSON.stringify(events)).not.toContain('Wrong-pass');

    await signInFrom('nobody-fb@example.com', DEMO_PASSWORD, '203.0.113.33');
    const [unknown] = await eventsOf('nobody-fb@example.com');
    expect(unknown).toMatchObject({
      actor_user_id: null,
      customer_code: null,
      after: { reason: 'unknown-mail' },
    });
  });

  it('the history answers the caller’s own sign-ins', async () => {
    const { mail } = await createAccount(t, 'fb-history');
    await signInFrom(mail, 'Wrong-pass1!', '203.0.113.40');
    const { token } = await signIn(t.app, mail);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/account/sign-ins',
      headers: bearer(token),
    });
    const { items } = signInHistorySchema.parse(res.json());
    expect(items.map((i) => [i.success, i.reason])).toEqual([
      [true, null],
      [false, 'wrong-password'],
    ]);
  });
});
