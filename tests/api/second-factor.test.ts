import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLockouts, auditLog, secondFactors, users } from '../../db/schema';
import { STAFF_CUSTOMER_CODE, STAFF_USER_TYPE_ID } from '../../domain/constants';
import { LOGIN_MESSAGES } from '../../domain/messages';
import { SECOND_FACTOR_MESSAGES } from '../../domain/second-factor';
import { TRUSTED_BROWSER_COOKIE } from '../../server/identity/second-factor';
import { totpCode } from '../../server/identity/totp';
import { createAccount } from './helpers/accounts';
import { bearer, cookieHeaderOf, DEMO_PASSWORD, signIn, signInRequest } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// The second factor, with STAFF_SECOND_FACTOR=required (the other API tests run with
// `optional`, tests/api/helpers/test-app.ts; docs/decisions/016).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 5 },
    env: {
      STAFF_SECOND_FACTOR: 'required',
      RATE_LIMIT_IP_PER_MINUTE: '100000',
      RATE_LIMIT_MAIL_PER_MINUTE: '100000',
    },
  });
});
afterAll(async () => t?.close());

const origin = () => ({ origin: t.config.publicBaseUrl });

/** The password step only: its answer and the session cookie it set. */
async function passwordStep(mail: string, extraCookie = '') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: mail, password: DEMO_PASSWORD },
    // A browser sends its cookies, and with them its origin (the provider checks it then).
    headers: extraCookie ? { cookie: extraCookie, ...origin() } : {},
  });
  return { res, cookie: cookieHeaderOf(res.headers['set-cookie']) };
}

const post = (url: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie, ...origin() } });

const tokenOf = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });

/** As if the last accepted code were a minute old: the next test code is not a reused one. */
const aMinuteLater = (mail: string) =>
  t.database.db
    .update(secondFactors)
    .set({ last_step: sql`${secondFactors.last_step} - 3` })
    .where(eq(secondFactors.mail, mail));

async function makeStaff(prefix: string) {
  const account = await createAccount(t, prefix);
  await t.database.db
    .update(users)
    .set({ customer_code: STAFF_CUSTOMER_CODE, user_type_id: STAFF_USER_TYPE_ID })
    .where(eq(users.mail, account.mail));
  return account;
}

/** Enrols a factor from a signed-in or enrolment session: the secret and the backup codes. */
async function enrol(cookie: string) {
  const started = await post('/api/auth/second-factor/enrol', cookie);
  expect(started.statusCode).toBe(200);
  const { secret, uri } = started.json();
  const confirmed = await post('/api/auth/second-factor/enrol/confirm', cookie, {
    code: totpCode(secret),
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret, uri, backupCodes: confirmed.json().backupCodes as string[] };
}

/** A general user with an enabled factor, and a fresh (code-waiting) session cookie. */
async function userWithFactor(prefix: string) {
  const account = await createAccount(t, prefix);
  const { cookie } = await passwordStep(account.mail);
  const factor = await enrol(cookie);
  await aMinuteLater(account.mail);
  return { ...account, ...factor };
}

const auditActions = async (mail: string) =>
  (
    await t.database.db
      .select({ action: auditLog.action, actorMail: auditLog.actor_mail, ip: auditLog.ip_address })
      .from(auditLog)
      .where(eq(auditLog.entity_id, mail))
  ).filter((r) => r.action.startsWith('auth.second-factor.'));

describe('staff without a second factor under STAFF_SECOND_FACTOR=required', () => {
  it('gets a session that reaches no token and no /api/v1 answer, only the enrolment', async () => {
    const staff = await makeStaff('staff-new');
    const { res, cookie } = await passwordStep(staff.mail);
    expect(res.statusCode).toBe(200);
    expect(res.json().second_factor).toBe('enrol');

    const token = await tokenOf(cookie);
    expect(token.statusCode).toBe(403);
    expect(token.json()).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      message: SECOND_FACTOR_MESSAGES.pending,
    });
    expect(token.body).not.toContain('token":"');
    // Not the code step either: there is no factor to give a code of.
    const verify = await post('/api/auth/second-factor/verify', cookie, { code: '123456' });
    expect(verify.statusCode).toBe(409);

    // Nor the factor's state: that is the signed-in person's (tests/api/second-factor-sessions.test.ts).
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/auth/second-factor',
      headers: { cookie },
    });
    expect(status.statusCode).toBe(403);

    // The enrolment: the secret as text and as an otpauth URI; a wrong code; then the right one.
    const started = await post('/api/auth/second-factor/enrol', cookie);
    expect(started.statusCode).toBe(200);
    const { secret, uri } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const wrong = await post('/api/auth/second-factor/enrol/confirm', cookie, {
      code: totpCode(secret, Date.now() + 10 * 60_000),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SECOND_FACTOR_MESSAGES.wrongCode);
    expect((await tokenOf(cookie)).statusCode).toBe(403);

    const confirmed = await post('/api/auth/second-factor/enrol/confirm', cookie, {
      code: totpCode(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const { backupCodes } = confirmed.json();
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // The same session is now complete: a token, and /api/v1 answers.
    const after = await tokenOf(cookie);
    expect(after.statusCode).toBe(200);
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/get-all-customers',
      headers: bearer(after.json().token),
      payload: {},
    });
    expect(lookup.statusCode).toBe(200);

    // Shown once: a second confirmation is refused and tells no codes; the secret is not stored
    // as text, the backup codes not at all.
    const again = await post('/api/auth/second-factor/enrol/confirm', cookie, {
      code: totpCode(secret),
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(backupCodes[0]);
    const dump = JSON.stringify(
      await t.database.db.execute(
        sql`select * from second_factors, second_factor_backup_codes where second_factors.mail = ${staff.mail}`,
      ),
    );
    expect(dump).not.toContain(secret);
    for (const code of backupCodes) expect(dump).not.toContain(code.replace('-', ''));
    expect((await auditActions(staff.mail)).map((r) => r.action)).toEqual([
      'auth.second-factor.enrol',
    ]);
  });

  it('a token of a waiting session is refused by /api/v1 even if one were made', async () => {
    // The hook's session check refuses any token whose session waits: made here by completing a
    // session, taking its token, then marking the session waiting again.
    const staff = await makeStaff('staff-hook');
    const { cookie } = await passwordStep(staff.mail);
    await enrol(cookie);
    const token = (await tokenOf(cookie)).json().token as string;
    await t.database.db.execute(
      sql`update auth_session set second_factor_pending = 'code' where user_id = ${staff.uid}`,
    );
    t.app.accessTokens.forgetSessionsOf(staff.uid);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/get-all-customers',
      headers: bearer(token),
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });

  it('may not turn the factor off, and a waiting session may not change the password', async () => {
    const staff = await makeStaff('staff-keep');
    const { cookie } = await passwordStep(staff.mail);
    const { secret } = await enrol(cookie);
    await aMinuteLater(staff.mail);
    const off = await post('/api/auth/second-factor/disable', cookie, { code: totpCode(secret) });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(SECOND_FACTOR_MESSAGES.staffCannotDisable);

    const waiting = await passwordStep(staff.mail);
    expect(waiting.res.json().second_factor).toBe('code');
    const change = await post('/api/auth/change-password', waiting.cookie, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Another1!',
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().code).toBe('SECOND_FACTOR_REQUIRED');
  });
});

describe('sign-in with a code', () => {
  it('asks for the code after the password; the right one completes the session, once', async () => {
    const person = await userWithFactor('code-ok');
    const { res, cookie } = await passwordStep(person.mail);
    expect(res.statusCode).toBe(200);
    expect(res.json().second_factor).toBe('code');
    expect((await tokenOf(cookie)).statusCode).toBe(403);

    const signIns = async () =>
      (
        await t.database.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'auth.sign-in'), eq(auditLog.actor_mail, person.mail)))
      ).length;
    // The password alone is no sign-in in the audit log; the code completes it.
    const before = await signIns();
    const code = totpCode(person.secret);
    const ok = await post('/api/auth/second-factor/verify', cookie, { code });
    expect(ok.statusCode).toBe(200);
    expect(await signIns()).toBe(before + 1);
    expect(ok.headers['set-cookie']).toBeUndefined();
    expect((await tokenOf(cookie)).statusCode).toBe(200);

    // The same code does not sign in a second session (a code is accepted once).
    const second = await passwordStep(person.mail);
    const replay = await post('/api/auth/second-factor/verify', second.cookie, { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: 'INVALID_SECOND_FACTOR_CODE',
      message: SECOND_FACTOR_MESSAGES.wrongCode,
    });
  });

  it('refuses a code request from another origin', async () => {
    const person = await userWithFactor('code-origin');
    const { cookie } = await passwordStep(person.mail);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/verify',
      payload: { code: totpCode(person.secret) },
      headers: { cookie, origin: 'https://evil.example.com' },
    });
    expect(res.statusCode).toBe(403);
    expect((await tokenOf(cookie)).statusCode).toBe(403);
  });

  it('locks the account after five wrong codes, counted with the password failures', async () => {
    const person = await userWithFactor('code-lock');
    const { cookie } = await passwordStep(person.mail);
    // Two wrong passwords first: they and the codes share one count.
    for (let i = 0; i < 2; i++) {
      expect((await signInRequest(t.app, person.mail, 'Wrong-pass1')).statusCode).toBe(401);
    }
    const wrong = String((Number(totpCode(person.secret)) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 2; i++) {
      const res = await post('/api/auth/second-factor/verify', cookie, { code: wrong });
      expect(res.statusCode).toBe(401);
      expect(res.json().account_locked).toBeUndefined();
    }
    // A right password in between neither clears nor raises the count.
    const again = await passwordStep(person.mail);
    expect(again.res.json().second_factor).toBe('code');
    const fifth = await post('/api/auth/second-factor/verify', again.cookie, { code: wrong });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().account_locked).toBe(true);
    // Locked: the right code no longer helps, the password is not checked, the session ended.
    const right = await post('/api/auth/second-factor/verify', cookie, {
      code: totpCode(person.secret),
    });
    expect(right.statusCode).toBe(423);
    expect(right.json().message).toBe(LOGIN_MESSAGES.locked);
    expect((await signInRequest(t.app, person.mail, DEMO_PASSWORD)).statusCode).toBe(423);
    expect((await tokenOf(again.cookie)).statusCode).not.toBe(200);
    const [row] = await t.database.db
      .select()
      .from(accountLockouts)
      .where(eq(accountLockouts.mail, person.mail));
    expect(row?.locked_until?.getTime()).toBeGreaterThan(Date.now());
    expect(
      (await auditActions(person.mail)).filter((r) => r.action.endsWith('.failed')),
    ).toHaveLength(4);
  });

  it('five codes sent at once are checked at most five times and lock once', async () => {
    const person = await userWithFactor('code-race');
    const { cookie } = await passwordStep(person.mail);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        post('/api/auth/second-factor/verify', cookie, { code: '000000' }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    // Checked: a wrong code's 401. The others find the account locked (423) or, once the lock
    // has ended the waiting session, no session at all (401 UNAUTHORIZED).
    const checked = answers.filter((a) => a.json().code === 'INVALID_SECOND_FACTOR_CODE');
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.statusCode === 401 && a.json().account_locked)).toHaveLength(1);
    expect(statuses.every((s) => s === 401 || s === 423 || s === 409)).toBe(true);
  });
});

describe('backup codes', () => {
  it('a backup code signs in once, is recorded, and is not accepted again', async () => {
    const person = await userWithFactor('backup');
    const [first] = person.backupCodes;
    const a = await passwordStep(person.mail);
    // Typed in capitals without the hyphen: still the code.
    const ok = await post('/api/auth/second-factor/verify', a.cookie, {
      backupCode: first!.replace('-', '').toUpperCase(),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().backupCodeUsed).toBe(true);
    expect((await tokenOf(a.cookie)).statusCode).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/auth/second-factor',
      headers: { cookie: a.cookie },
    });
    expect(status.json()).toMatchObject({ enabled: true, pending: null, backupCodesLeft: 9 });

    const b = await passwordStep(person.mail);
    const again = await post('/api/auth/second-factor/verify', b.cookie, { backupCode: first });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(SECOND_FACTOR_MESSAGES.wrongBackupCode);
    // Another person's code is not this person's.
    const other = await userWithFactor('backup-other');
    const foreign = await post('/api/auth/second-factor/verify', b.cookie, {
      backupCode: other.backupCodes[0],
    });
    expect(foreign.statusCode).toBe(401);
    const actions = (await auditActions(person.mail)).map((r) => r.action);
    expect(actions).toContain('auth.second-factor.backup-code-used');
  });

  it('turning the factor off needs a code; a backup code does it too', async () => {
    const person = await userWithFactor('disable');
    const a = await passwordStep(person.mail);
    await post('/api/auth/second-factor/verify', a.cookie, { code: totpCode(person.secret) });
    const without = await post('/api/auth/second-factor/disable', a.cookie, {});
    expect(without.statusCode).toBe(400);
    const wrong = await post('/api/auth/second-factor/disable', a.cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const off = await post('/api/auth/second-factor/disable', a.cookie, {
      backupCode: person.backupCodes[1],
    });
    expect(off.statusCode).toBe(200);
    const next = await passwordStep(person.mail);
    expect(next.res.json().second_factor).toBeUndefined();
    expect((await tokenOf(next.cookie)).statusCode).toBe(200);
    expect((await auditActions(person.mail)).map((r) => r.action)).toContain(
      'auth.second-factor.disable',
    );
  });
});

describe('trusted browser', () => {
  it('a trusted browser skips the code for 30 days, until the factor is reset', async () => {
    const person = await userWithFactor('trust');
    const a = await passwordStep(person.mail);
    const ok = await post('/api/auth/second-factor/verify', a.cookie, {
      code: totpCode(person.secret),
      trustBrowser: true,
    });
    expect(ok.statusCode).toBe(200);
    const setCookie = String(ok.headers['set-cookie']);
    expect(setCookie).toContain(`${TRUSTED_BROWSER_COOKIE}=`);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    // http:// here: not Secure (an https:// PUBLIC_BASE_URL makes it Secure).
    expect(setCookie).not.toContain('Secure');
    const trust = cookieHeaderOf(ok.headers['set-cookie']);

    const trusted = await passwordStep(person.mail, trust);
    expect(trusted.res.json().second_factor).toBeUndefined();
    expect((await tokenOf(trusted.cookie)).statusCode).toBe(200);

    // Another person signing in in this browser is still asked.
    const other = await userWithFactor('trust-other');
    expect((await passwordStep(other.mail, trust)).res.json().second_factor).toBe('code');
    // A changed cookie is no trust at all.
    expect((await passwordStep(person.mail, `${trust}x`)).res.json().second_factor).toBe('code');

    // Staff reset the factor: the cookie stops working, even after a new enrolment.
    const admin = await makeStaff('trust-staff');
    const adminSession = await passwordStep(admin.mail);
    await enrol(adminSession.cookie);
    const adminToken = (await tokenOf(adminSession.cookie)).json().token;
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mail, person.mail));
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/reset-second-factor',
      headers: bearer(adminToken),
      payload: { id: row!.id },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ id: row!.id, reset: true });
    const afterReset = await passwordStep(person.mail, trust);
    expect(afterReset.res.json().second_factor).toBeUndefined();
    await enrol(afterReset.cookie);
    expect((await passwordStep(person.mail, trust)).res.json().second_factor).toBe('code');
  });
});

describe('reset by staff', () => {
  it('staff reset another person’s factor, written to the audit log; admin, user and own are refused', async () => {
    const staff = await makeStaff('reset-staff');
    const staffSession = await passwordStep(staff.mail);
    await enrol(staffSession.cookie);
    const staffToken = (await tokenOf(staffSession.cookie)).json().token as string;

    const person = await userWithFactor('reset-target');
    const [target] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mail, person.mail));
    const [ownRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mail, staff.mail));

    const reset = (token: string, id: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/reset-second-factor',
        headers: { ...bearer(token), 'user-agent': 'reset-test' },
        payload: { id },
      });

    // A corporate administrator of the target's corporation, a general user: refused.
    const admin = await signIn(t.app, 'admin@example.com');
    expect((await reset(admin.token, target!.id)).statusCode).toBe(403);
    const user = await signIn(t.app, 'user@example.com');
    expect((await reset(user.token, target!.id)).statusCode).toBe(403);
    // Their own: refused, with the way back in named.
    const own = await reset(staffToken, ownRow!.id);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(SECOND_FACTOR_MESSAGES.ownReset);
    expect((await reset(staffToken, 999_999)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/user/reset-second-factor',
          payload: { id: target!.id },
        })
      ).statusCode,
    ).toBe(401);
    // Still asked for a code after the refusals.
    expect((await passwordStep(person.mail)).res.json().second_factor).toBe('code');

    const done = await reset(staffToken, target!.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().reset).toBe(true);
    expect((await reset(staffToken, target!.id)).json().reset).toBe(false);
    const next = await passwordStep(person.mail);
    expect(next.res.json().second_factor).toBeUndefined();

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'auth.second-factor.reset'), eq(auditLog.entity_id, person.mail)),
      );
    expect(entry).toMatchObject({ actor_mail: staff.mail, user_agent: 'reset-test' });
  });
});

describe('optional mode', () => {
  it('with STAFF_SECOND_FACTOR=optional staff without a factor sign in at once; with one, they are asked', async () => {
    const optional = await createTestApp({
      env: { STAFF_SECOND_FACTOR: 'optional' },
      seed: { ledgerLinesPerCustomer: 1 },
    });
    try {
      const res = await signInRequest(optional.app, 'staff@example.com', DEMO_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json().second_factor).toBeUndefined();
      const cookie = cookieHeaderOf(res.headers['set-cookie']);
      expect(
        (await optional.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } }))
          .statusCode,
      ).toBe(200);
      const status = await optional.app.inject({
        method: 'GET',
        url: '/api/auth/second-factor',
        headers: { cookie },
      });
      expect(status.json()).toMatchObject({ enabled: false, pending: null, required: false });
      // Staff may turn it on from /account; then the code is asked.
      const headers = { cookie, origin: optional.config.publicBaseUrl };
      const started = await optional.app.inject({
        method: 'POST',
        url: '/api/auth/second-factor/enrol',
        headers,
      });
      const { secret } = started.json();
      const confirmed = await optional.app.inject({
        method: 'POST',
        url: '/api/auth/second-factor/enrol/confirm',
        headers,
        payload: { code: totpCode(secret) },
      });
      expect(confirmed.statusCode).toBe(200);
      const next = await signInRequest(optional.app, 'staff@example.com', DEMO_PASSWORD);
      expect(next.json().second_factor).toBe('code');
    } finally {
      await optional.close();
    }
  });
});

describe('configuration', () => {
  it('a bad STAFF_SECOND_FACTOR stops the start, naming the variable', async () => {
    const { loadConfig } = await import('../../server/config');
    expect(() => loadConfig({ STAFF_SECOND_FACTOR: 'sometimes' })).toThrow(
      /STAFF_SECOND_FACTOR="sometimes"/,
    );
    expect(loadConfig({}).STAFF_SECOND_FACTOR).toBe('required');
  });
});

describe('the staff’s set-up screen loaded again', () => {
  it('gets the key already waiting; a new key only when asked, and then the old one no longer confirms', async () => {
    const staff = await makeStaff('staff-reload');
    const { cookie } = await passwordStep(staff.mail);
    const first = await post('/api/auth/second-factor/enrol', cookie);
    expect(first.json()).toMatchObject({ resumed: false });
    const { secret } = first.json();

    // A reload of the screen (or a second tab): the same key, which the app may hold already.
    const reload = await post('/api/auth/second-factor/enrol', cookie);
    expect(reload.statusCode).toBe(200);
    expect(reload.json()).toMatchObject({ secret, resumed: true });
    expect(reload.json().uri).toContain(`secret=${secret}`);
    // Signing in again on the same browser leaves it waiting too.
    const { cookie: again } = await passwordStep(staff.mail);
    expect((await post('/api/auth/second-factor/enrol', again)).json().secret).toBe(secret);

    const renewed = await post('/api/auth/second-factor/enrol', again, { new_key: true });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().resumed).toBe(false);
    expect(renewed.json().secret).not.toBe(secret);
    const old = await post('/api/auth/second-factor/enrol/confirm', again, {
      code: totpCode(secret),
    });
    expect(old.statusCode).toBe(400);
    const confirmed = await post('/api/auth/second-factor/enrol/confirm', again, {
      code: totpCode(renewed.json().secret),
    });
    expect(confirmed.statusCode).toBe(200);
  });
});
