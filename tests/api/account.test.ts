import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { accountSchema, signInHistorySchema } from '../../domain/api/account';
import { apiErrorSchema } from '../../domain/api-error';
import { LOGIN_MESSAGES } from '../../domain/messages';
import { createAccount } from './helpers/accounts';
import { bearer, cookieHeaderOf, DEMO_PASSWORD, signIn } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// The account page's calls (/api/v1/account), and the identity's events in the audit
// log in one shape — sign-in, failed sign-in, lock, password change and reset, sign-out — with the
// request's address and browser.

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
});
afterAll(async () => t?.close());

const signInFrom = (mail: string, password: string, ip: string, userAgent: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: mail, password },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });

const tokenOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } })).json()
    .token as string;

const get = (token: string, path = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/account${path}`, headers: bearer(token) });

const setNotifications = (
  token: string,
  notifications: { customer_code: number; shipment_mail: boolean }[],
  method: 'PUT' | 'PATCH' = 'PUT',
) =>
  t.app.inject({
    method,
    url: '/api/v1/account/notifications',
    payload: { notifications },
    headers: bearer(token),
  });

const eventsOf = (mail: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actor_mail, mail), eq(auditLog.entity, 'auth')))
    .orderBy(desc(auditLog.id));

const shipmentMailOf = async (mail: string) =>
  Object.fromEntries(
    (
      await t.database.db
        .select({ code: users.customer_code, on: users.shipment_mail })
        .from(users)
        .where(eq(users.mail, mail))
    ).map((r) => [r.code, r.on]),
  );

describe('GET /api/v1/account', () => {
  it('answers the caller’s own name, mail and each customer code with its notification (on by default)', async () => {
    const { token } = await signIn(t.app, 'multi@example.com');
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    const account = accountSchema.parse(res.json());
    expect(account).toEqual({
      user_name: '高橋 誠',
      mail: 'multi@example.com',
      customers: [
        {
          customer_code: 10001,
          customer_name: '株式会社東和ルーフ 本社',
          shipment_mail: true,
          invoice_mail: true,
          inquiry_mail: true,
        },
        {
          customer_code: 10002,
          customer_name: expect.any(String),
          shipment_mail: true,
          invoice_mail: true,
          inquiry_mail: true,
        },
      ],
    });
  });

  it('answers only the caller’s own rows, whatever is sent', async () => {
    const { token } = await signIn(t.app, 'other@example.com');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/account?mail=multi@example.com&customer_code=10001',
      headers: bearer(token),
    });
    expect(res.json()).toMatchObject({
      mail: 'other@example.com',
      customers: [{ customer_code: 20001 }],
    });
  });

  it('refuses a call without a token', async () => {
    for (const path of ['', '/sign-ins']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/account${path}` });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('PUT/PATCH /api/v1/account/notifications', () => {
  it('turns the notification of one of the caller’s codes off and on, recorded as user.update', async () => {
    const { mail } = await createAccount(t, 'notify');
    // A second code of the same person: customer 10002.
    const [first] = await t.database.db.select().from(users).where(eq(users.mail, mail));
    await t.database.db.insert(users).values({
      mail,
      user_name: first!.user_name,
      customer_code: 10002,
      user_type_id: 2,
      firebase_uid: first!.firebase_uid,
    });
    const { token } = await signIn(t.app, mail);

    const off = await setNotifications(token, [{ customer_code: 10002, shipment_mail: false }]);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().customers).toEqual([
      expect.objectContaining({ customer_code: 10001, shipment_mail: true }),
      expect.objectContaining({ customer_code: 10002, shipment_mail: false }),
    ]);
    expect(await shipmentMailOf(mail)).toEqual({ 10001: true, 10002: false });
    expect((await get(token)).json().customers[1].shipment_mail).toBe(false);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_mail, mail), eq(auditLog.action, 'user.update')))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      customer_code: 10002,
      before: { shipment_mail: true },
      after: { shipment_mail: false },
    });

    const on = await setNotifications(
      token,
      [{ customer_code: 10002, shipment_mail: true }],
      'PATCH',
    );
    expect(on.statusCode).toBe(200);
    expect(await shipmentMailOf(mail)).toEqual({ 10001: true, 10002: true });
  });

  it('refuses another customer’s code (403, Japanese message) and writes nothing, even beside an own code', async () => {
    const { mail } = await createAccount(t, 'refused');
    const { token } = await signIn(t.app, mail);
    const auditBefore = await t.database.db.select().from(auditLog);
    const otherBefore = await shipmentMailOf('other@example.com');
    for (const notifications of [
      [{ customer_code: 20001, shipment_mail: false }],
      // Same corporation, but a code the caller does not hold.
      [{ customer_code: 10002, shipment_mail: false }],
      [
        { customer_code: 10001, shipment_mail: false },
        { customer_code: 20001, shipment_mail: false },
      ],
      // A code nobody has.
      [{ customer_code: 99998, shipment_mail: false }],
    ]) {
      const res = await setNotifications(token, notifications);
      expect(res.statusCode, JSON.stringify(notifications)).toBe(403);
      const body = apiErrorSchema.strict().parse(res.json());
      expect(body.message).toBe('ご自身の取引先コード以外の通知設定は変更できません。');
    }
    expect(await shipmentMailOf(mail)).toEqual({ 10001: true });
    expect(await shipmentMailOf('other@example.com')).toEqual(otherBefore);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(auditBefore.length);
  });

  it('refuses other roles reaching past their own codes: an administrator and staff too', async () => {
    const admin = await signIn(t.app, 'admin@example.com');
    const staff = await signIn(t.app, 'staff@example.com');
    const before = await shipmentMailOf('user@example.com');
    // The administrator manages 10002's users, but it is not their own code.
    expect(
      (await setNotifications(admin.token, [{ customer_code: 10002, shipment_mail: false }]))
        .statusCode,
    ).toBe(403);
    // Staff change a customer's users from the managers page, not from their own account page.
    expect(
      (await setNotifications(staff.token, [{ customer_code: 10001, shipment_mail: false }]))
        .statusCode,
    ).toBe(403);
    expect(await shipmentMailOf('user@example.com')).toEqual(before);
  });

  it('answers 400 with field errors for a malformed body, and writes nothing', async () => {
    const { token } = await signIn(t.app, 'user@example.com');
    for (const payload of [
      {},
      { notifications: [] },
      { notifications: [{ customer_code: 10001, shipment_mail: 'no' }] },
      { notifications: [{ customer_code: 10001 }] },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/account/notifications',
        payload,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toMatch(/stack|select |insert /i);
    }
    expect(await shipmentMailOf('user@example.com')).toEqual({ 10001: true });
  });
});

describe('identity events in the audit log', () => {
  it('a successful sign-in: actor, customer, address and browser', async () => {
    const { mail } = await createAccount(t, 'events-ok');
    const [row] = await t.database.db.select().from(users).where(eq(users.mail, mail));
    const res = await signInFrom(mail.toUpperCase(), DEMO_PASSWORD, '203.0.113.7', CHROME);
    expect(res.statusCode).toBe(200);
    const [event] = await eventsOf(mail);
    expect(event).toMatchObject({
      action: 'auth.sign-in',
      entity: 'auth',
      entity_id: mail,
      actor_user_id: row!.id,
      actor_mail: mail,
      customer_code: 10001,
      ip_address: '203.0.113.7',
      user_agent: CHROME,
      after: { success: true, reason: null },
    });
  });

  it('wrong passwords, the lock, and a locked attempt; never the password itself', async () => {
    const { mail } = await createAccount(t, 'events-lock');
    for (let i = 1; i <= 5; i++) {
      await signInFrom(mail, `Wrong-pass${i}!`, '198.51.100.9', FIREFOX);
    }
    const locked = await signInFrom(mail, DEMO_PASSWORD, '198.51.100.10', IPHONE);
    expect(locked.statusCode).toBe(423);
    const events = (await eventsOf(mail)).reverse();
    expect(events.map((e) => e.action)).toEqual([
      ...Array(5).fill('auth.sign-in-failed'),
      'auth.lock',
      'auth.sign-in-failed',
    ]);
    expect(events[0]).toMatchObject({
      customer_code: 10001,
      ip_address: '198.51.100.9',
      user_agent: FIREFOX,
      after: { success: false, reason: 'wrong-password' },
    });
    expect(events[5]).toMatchObject({ ip_address: '198.51.100.9', customer_code: 10001 });
    expect(events[6]).toMatchObject({
      ip_address: '198.51.100.10',
      user_agent: IPHONE,
      after: { success: false, reason: 'locked' },
    });
    const stored = JSON.stringify(events);
    expect(stored).not.toContain('Wrong-pass');
    expect(stored).not.toContain(DEMO_PASSWORD);
  });

  it('an unknown address: the mail typed, no user, no customer', async () => {
    const mail = 'nobody-here@example.com';
    const res = await signInFrom(mail.toUpperCase(), DEMO_PASSWORD, '192.0.2.1', CHROME);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(LOGIN_MESSAGES.wrongCredentials);
    const [event] = await eventsOf(mail);
    expect(event).toMatchObject({
      action: 'auth.sign-in-failed',
      actor_user_id: null,
      actor_mail: mail,
      customer_code: null,
      ip_address: '192.0.2.1',
      after: { success: false, reason: 'unknown-mail' },
    });
  });

  it('a mail holding two customer codes is recorded without a customer (chosen after sign-in)', async () => {
    await signInFrom('multi@example.com', DEMO_PASSWORD, '192.0.2.2', CHROME);
    const [event] = await eventsOf('multi@example.com');
    expect(event).toMatchObject({ action: 'auth.sign-in', customer_code: null });
    expect(event!.actor_user_id).not.toBeNull();
  });

  it('password change (refused and done) and sign-out', async () => {
    const { mail } = await createAccount(t, 'events-change');
    const signedIn = await signIn(t.app, mail);
    const change = (currentPassword: string, cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie, origin: t.config.publicBaseUrl, 'user-agent': CHROME },
        payload: { currentPassword, newPassword: 'N3w-secret!' },
        remoteAddress: '203.0.113.20',
      });
    expect((await change('Wrong-pass1!', signedIn.cookie)).statusCode).toBe(400);
    const done = await change(DEMO_PASSWORD, signedIn.cookie);
    expect(done.statusCode).toBe(200);
    const cookie = cookieHeaderOf(done.headers['set-cookie']);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: t.config.publicBaseUrl, 'user-agent': FIREFOX },
      payload: {},
      remoteAddress: '203.0.113.21',
    });
    expect(out.statusCode).toBe(200);
    const events = (await eventsOf(mail)).reverse();
    expect(events.map((e) => [e.action, (e.after as { success: boolean }).success])).toEqual([
      ['auth.sign-in', true],
      ['auth.password-change', false],
      ['auth.password-change', true],
      ['auth.sign-out', true],
    ]);
    expect(events[1]).toMatchObject({
      ip_address: '203.0.113.20',
      customer_code: 10001,
      after: { reason: 'wrong-password' },
    });
    expect(events[3]).toMatchObject({ ip_address: '203.0.113.21', user_agent: FIREFOX });
    expect(JSON.stringify(events)).not.toContain('N3w-secret!');
  });
});

describe('GET /api/v1/account/sign-ins', () => {
  // 24 sign-ins, each a password hash: more than the default minute on a busy machine.
  it('the caller’s own attempts only, newest first, at most 20, with a readable browser', async () => {
    const { mail } = await createAccount(t, 'history');
    const other = await createAccount(t, 'history-other');
    await signInFrom(mail, 'Wrong-pass0!', '192.0.2.50', 'OldBrowser/1.0');
    for (let i = 0; i < 20; i++) await signInFrom(mail, DEMO_PASSWORD, '192.0.2.51', CHROME);
    await signInFrom(other.mail, DEMO_PASSWORD, '192.0.2.99', IPHONE);
    // The latest: a failure from another browser (one wrong password does not lock).
    await signInFrom(mail, 'Wrong-pass1!', '192.0.2.52', FIREFOX);
    const last = await signInFrom(mail, DEMO_PASSWORD, '192.0.2.53', IPHONE);
    const token = await tokenOf(cookieHeaderOf(last.headers['set-cookie']));

    const res = await get(token, '/sign-ins');
    expect(res.statusCode).toBe(200);
    const { items } = signInHistorySchema.parse(res.json());
    expect(items).toHaveLength(20);
    expect(items[0]).toMatchObject({
      ip_address: '192.0.2.53',
      browser: 'Safari 18 / iPhone',
      success: true,
      reason: null,
    });
    expect(items[1]).toMatchObject({
      ip_address: '192.0.2.52',
      browser: 'Firefox 133 / Linux',
      success: false,
      reason: 'wrong-password',
    });
    expect(items[2]).toMatchObject({ browser: 'Chrome 131 / Windows', success: true });
    const times = items.map((i) => Date.parse(i.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Neither the other person's sign-in nor the oldest attempts of this one.
    expect(items.map((i) => i.ip_address)).not.toContain('192.0.2.99');
    expect(items.map((i) => i.ip_address)).not.toContain('192.0.2.50');

    const otherToken = (await signIn(t.app, other.mail)).token;
    const theirs = signInHistorySchema.parse((await get(otherToken, '/sign-ins')).json()).items;
    expect(theirs.map((i) => i.ip_address)).not.toContain('192.0.2.53');
    expect(theirs.some((i) => i.ip_address === '192.0.2.99')).toBe(true);
  }, 180_000);

  it('leaves out events that are not sign-in attempts (sign-out, password change)', async () => {
    const { mail } = await createAccount(t, 'history-kinds');
    const { token, cookie } = await signIn(t.app, mail);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie, origin: t.config.publicBaseUrl },
      payload: { currentPassword: 'Wrong-pass1!', newPassword: 'N3w-secret!' },
    });
    const kinds = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.actor_mail, mail), inArray(auditLog.action, ['auth.password-change'])),
      );
    expect(kinds).toHaveLength(1);
    const { items } = signInHistorySchema.parse((await get(token, '/sign-ins')).json());
    expect(items).toHaveLength(1);
    expect(items[0]!.success).toBe(true);
  });
});

describe('managers: the 出荷通知 of a user through update-user', () => {
  const update = (token: string, row: typeof users.$inferSelect, shipmentMail: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update-user',
      headers: bearer(token),
      payload: {
        id: row.id,
        mail: row.mail,
        user_name: row.user_name,
        customer_code: row.customer_code,
        user_type_id: row.user_type_id,
        shipment_mail: shipmentMail,
      },
    });
  const rowOf = async (mail: string) =>
    (await t.database.db.select().from(users).where(eq(users.mail, mail)))[0]!;

  it('an administrator changes it for their corporation’s user (listed, audited); staff for any', async () => {
    const { mail } = await createAccount(t, 'managed');
    const admin = await signIn(t.app, 'admin@example.com');
    const res = await update(admin.token, await rowOf(mail), false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipment_mail).toBe(false);
    expect((await rowOf(mail)).shipment_mail).toBe(false);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/get-user-by-customer',
      headers: bearer(admin.token),
      payload: { customer_code: [10001] },
    });
    expect(list.json().find((u: { mail: string }) => u.mail === mail).shipment_mail).toBe(false);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'user.update'),
          eq(auditLog.entity_id, String((await rowOf(mail)).id)),
        ),
      )
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      actor_mail: 'admin@example.com',
      before: { shipment_mail: true },
      after: { shipment_mail: false },
    });

    const staff = await signIn(t.app, 'staff@example.com');
    expect((await update(staff.token, await rowOf('other@example.com'), false)).statusCode).toBe(
      200,
    );
    expect((await rowOf('other@example.com')).shipment_mail).toBe(false);
    expect((await update(staff.token, await rowOf('other@example.com'), true)).statusCode).toBe(
      200,
    );
  });

  it('another corporation’s administrator and a general user are refused, and nothing changes', async () => {
    const { mail } = await createAccount(t, 'managed-refused');
    // An administrator of corporation 2001.
    const other = await createAccount(t, 'other-admin');
    await t.database.db
      .update(users)
      .set({ customer_code: 20001, user_type_id: 1 })
      .where(eq(users.mail, other.mail));
    const otherAdmin = await signIn(t.app, other.mail);
    const general = await signIn(t.app, 'user@example.com');
    const before = await t.database.db.select().from(auditLog);
    for (const token of [otherAdmin.token, general.token]) {
      const res = await update(token, await rowOf(mail), false);
      expect(res.statusCode).toBe(403);
      expect(apiErrorSchema.strict().safeParse(res.json()).success).toBe(true);
    }
    expect((await rowOf(mail)).shipment_mail).toBe(true);
    const after = await t.database.db.select().from(auditLog);
    expect(after.filter((e) => e.action === 'user.update')).toHaveLength(
      before.filter((e) => e.action === 'user.update').length,
    );
  });
});
