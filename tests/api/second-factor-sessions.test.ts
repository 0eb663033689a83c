import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondFactors, users } from '../../db/schema';
import { STAFF_CUSTOMER_CODE, STAFF_USER_TYPE_ID } from '../../domain/constants';
import { LOGIN_MESSAGES } from '../../domain/messages';
import { SECOND_FACTOR_MESSAGES } from '../../domain/second-factor';
import {
  REAUTHENTICATION_WINDOW_SECONDS,
  TRUSTED_BROWSER_COOKIE,
} from '../../server/identity/second-factor';
import { totpCode } from '../../server/identity/totp';
import { withClockAhead } from '../support/clock';
import { createAccount } from './helpers/accounts';
import { cookieHeaderOf, DEMO_PASSWORD } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// What a session may do around its second factor (docs/decisions/016 and 025), under either
// provider: this file runs in the api project (built in) and in api-firebase (Firebase).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 1 },
    env: {
      STAFF_SECOND_FACTOR: 'required',
      RATE_LIMIT_IP_PER_MINUTE: '100000',
      RATE_LIMIT_MAIL_PER_MINUTE: '100000',
    },
  });
});
afterAll(async () => t?.close());

const origin = () => ({ origin: t.config.publicBaseUrl });
const post = (url: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie, ...origin() } });
const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...origin() } });

/** The password step: its answer and the session cookie it set. */
async function passwordStep(mail: string, extraCookie = '') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: mail, password: DEMO_PASSWORD },
    headers: extraCookie ? { cookie: extraCookie, ...origin() } : {},
  });
  expect(res.statusCode).toBe(200);
  return { res, cookie: cookieHeaderOf(res.headers['set-cookie']) };
}

/** As if the last accepted code were a minute old: the next code is not a reused one. */
const aMinuteLater = (mail: string) =>
  t.database.db
    .update(secondFactors)
    .set({ last_step: sql`${secondFactors.last_step} - 3` })
    .where(eq(secondFactors.mail, mail));

/** A general user with an enabled factor (enrolled right after signing in). */
async function userWithFactor(prefix: string) {
  const account = await createAccount(t, prefix);
  const { cookie } = await passwordStep(account.mail);
  const started = await post('/api/auth/second-factor/enrol', cookie);
  expect(started.statusCode).toBe(200);
  const { secret } = started.json();
  const confirmed = await post('/api/auth/second-factor/enrol/confirm', cookie, {
    code: totpCode(secret),
  });
  expect(confirmed.statusCode).toBe(200);
  await aMinuteLater(account.mail);
  return { ...account, secret: secret as string, backupCodes: confirmed.json().backupCodes };
}

/** A complete session of a person with a factor: password, then the code. */
async function completeSession(person: { mail: string; secret: string }) {
  const { cookie } = await passwordStep(person.mail);
  const ok = await post('/api/auth/second-factor/verify', cookie, {
    code: totpCode(person.secret),
  });
  expect(ok.statusCode).toBe(200);
  await aMinuteLater(person.mail);
  return cookie;
}

async function makeStaff(prefix: string) {
  const account = await createAccount(t, prefix);
  await t.database.db
    .update(users)
    .set({ customer_code: STAFF_CUSTOMER_CODE, user_type_id: STAFF_USER_TYPE_ID })
    .where(eq(users.mail, account.mail));
  return account;
}

/** A signed access token (a JWT) anywhere in a text. */
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;
/** The session token of a cookie header (the value before its signature). */
const sessionTokenOf = (cookie: string) =>
  /portal\.session_token=([^.;]+)/.exec(decodeURIComponent(cookie))?.[1] ?? '';

/** Everything of an answer but the cookies it sets, as text. */
const answerText = (res: { body: string; headers: Record<string, unknown> }) =>
  JSON.stringify({
    body: res.body,
    headers: Object.fromEntries(Object.entries(res.headers).filter(([n]) => n !== 'set-cookie')),
  });

/** A request to an /api/auth route with what it needs to reach its handler. */
function requestOf(method: string, url: string, mail: string) {
  const path = url.replace(/:(\w+)/g, 'x');
  const payloads: Record<string, object> = {
    '/api/auth/sign-in/email': { email: mail, password: DEMO_PASSWORD },
    '/api/auth/change-password': { currentPassword: DEMO_PASSWORD, newPassword: 'Another1!pass' },
    '/api/auth/second-factor/enrol': { password: DEMO_PASSWORD },
    '/api/auth/second-factor/disable': { password: DEMO_PASSWORD, code: '000000' },
  };
  return { method, path, payload: method === 'POST' ? (payloads[url] ?? {}) : undefined };
}

describe('a session waiting for its second factor', () => {
  it('is answered by no identity route with a signed access token or its session token', async () => {
    const person = await userWithFactor('waiting-token');
    const staff = await makeStaff('waiting-enrol');
    // Every identity route, the sign-out (which ends the session) last.
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/auth/') && r.method !== 'HEAD')
      .sort((a, b) => Number(a.url.endsWith('/sign-out')) - Number(b.url.endsWith('/sign-out')));
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/auth/token',
        'GET /api/auth/get-session',
        'POST /api/auth/sign-in/email',
      ]),
    );
    // Both kinds of waiting: for a code, and (staff) for the obligatory enrolment.
    for (const who of [person, staff]) {
      const { cookie, res: signInAnswer } = await passwordStep(who.mail);
      expect(signInAnswer.json().second_factor).toBeDefined();
      const token = sessionTokenOf(cookie);
      expect(token).not.toBe('');
      expect(answerText(signInAnswer)).not.toContain(token);
      for (const route of routes) {
        const { method, path, payload } = requestOf(route.method, route.url, who.mail);
        const res = await t.app.inject({
          method: method as 'GET' | 'POST',
          url: path,
          headers: { cookie, ...origin() },
          ...(payload ? { payload } : {}),
        });
        const seen = answerText(res);
        expect(seen, `${route.method} ${route.url}`).not.toMatch(JWT);
        // The staff's enrolment answers the new secret, which is no token of the session.
        expect(seen, `${route.method} ${route.url}`).not.toContain(token);
      }
    }
  });

  it('gets no token from /token and no JWT header from get-session, until the code completes it', async () => {
    const person = await userWithFactor('waiting-session');
    const { cookie } = await passwordStep(person.mail);
    const token = await get('/api/auth/token', cookie);
    expect(token.statusCode).toBe(403);
    expect(token.json().code).toBe('SECOND_FACTOR_REQUIRED');
    const session = await get('/api/auth/get-session', cookie);
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(person.mail);
    expect(session.headers['set-auth-jwt']).toBeUndefined();
    expect(session.json().session.token).toBeUndefined();

    const ok = await post('/api/auth/second-factor/verify', cookie, {
      code: totpCode(person.secret),
    });
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/auth/token', cookie)).json().token).toMatch(JWT);
  });

  it('may not read the factor’s state or how many backup codes are left', async () => {
    const person = await userWithFactor('waiting-state');
    const staff = await makeStaff('waiting-state-staff');
    for (const who of [person, staff]) {
      const { cookie } = await passwordStep(who.mail);
      const state = await get('/api/auth/second-factor', cookie);
      expect(state.statusCode).toBe(403);
      expect(state.json()).toMatchObject({
        code: 'SECOND_FACTOR_REQUIRED',
        message: SECOND_FACTOR_MESSAGES.pending,
      });
      expect(state.body).not.toContain('backupCodesLeft');
      expect(state.body).not.toContain('enabled');
    }
    // Once complete, the state is there.
    const cookie = await completeSession(person);
    const state = await get('/api/auth/second-factor', cookie);
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ enabled: true, pending: null, backupCodesLeft: 10 });
  });
});

describe('turning the factor on or off asks for the password again', () => {
  const later = (use: () => Promise<void>) =>
    withClockAhead((REAUTHENTICATION_WINDOW_SECONDS + 60) * 1000, use);

  it('enrolling from a session signed in a while ago needs the current password', async () => {
    const account = await createAccount(t, 'reauth-enrol');
    const { cookie } = await passwordStep(account.mail);
    await later(async () => {
      const without = await post('/api/auth/second-factor/enrol', cookie);
      expect(without.statusCode).toBe(403);
      expect(without.json()).toMatchObject({
        code: 'REAUTHENTICATION_REQUIRED',
        message: SECOND_FACTOR_MESSAGES.enterPassword,
      });
      expect(without.body).not.toContain('secret');
      const wrong = await post('/api/auth/second-factor/enrol', cookie, {
        password: 'Wrong-pass1',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'INVALID_PASSWORD',
        message: SECOND_FACTOR_MESSAGES.wrongPassword,
      });
      expect(wrong.body).not.toContain('secret');
      // A session cookie alone started nothing: there is nothing to confirm.
      const confirm = await post('/api/auth/second-factor/enrol/confirm', cookie, {
        code: '123456',
      });
      expect(confirm.statusCode).toBe(409);

      const right = await post('/api/auth/second-factor/enrol', cookie, {
        password: DEMO_PASSWORD,
      });
      expect(right.statusCode).toBe(200);
      const confirmed = await post('/api/auth/second-factor/enrol/confirm', cookie, {
        code: totpCode(right.json().secret),
      });
      expect(confirmed.statusCode).toBe(200);
    });
  });

  it('turning the factor off from a session signed in a while ago needs the password, and a code', async () => {
    const person = await userWithFactor('reauth-off');
    const cookie = await completeSession(person);
    await later(async () => {
      const without = await post('/api/auth/second-factor/disable', cookie, {
        code: totpCode(person.secret),
      });
      expect(without.statusCode).toBe(403);
      expect(without.json().code).toBe('REAUTHENTICATION_REQUIRED');
      const wrong = await post('/api/auth/second-factor/disable', cookie, {
        password: 'Wrong-pass1',
        backupCode: person.backupCodes[0],
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(SECOND_FACTOR_MESSAGES.wrongPassword);
      // Still on: a code is still asked at sign-in, and the backup code was not used up.
      expect((await get('/api/auth/second-factor', cookie)).json()).toMatchObject({
        enabled: true,
        backupCodesLeft: 10,
      });
      const off = await post('/api/auth/second-factor/disable', cookie, {
        password: DEMO_PASSWORD,
        backupCode: person.backupCodes[0],
      });
      expect(off.statusCode).toBe(200);
    });
    const next = await passwordStep(person.mail);
    expect(next.res.json().second_factor).toBeUndefined();
  });

  it('wrong passwords there count toward the five-failure lock', async () => {
    const account = await createAccount(t, 'reauth-lock');
    const { cookie } = await passwordStep(account.mail);
    await later(async () => {
      for (let i = 1; i <= 5; i++) {
        const res = await post('/api/auth/second-factor/enrol', cookie, {
          password: 'Wrong-pass1',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().account_locked).toBe(i === 5 ? true : undefined);
      }
      const locked = await post('/api/auth/second-factor/enrol', cookie, {
        password: DEMO_PASSWORD,
      });
      expect(locked.statusCode).toBe(423);
      expect(locked.json().message).toBe(LOGIN_MESSAGES.locked);
    });
  });

  it('a staff member’s obligatory enrolment long after the password is sent back to sign in', async () => {
    const staff = await makeStaff('reauth-staff');
    const { cookie } = await passwordStep(staff.mail);
    await later(async () => {
      const res = await post('/api/auth/second-factor/enrol', cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'REAUTHENTICATION_REQUIRED',
        message: SECOND_FACTOR_MESSAGES.pending,
      });
    });
  });
});

describe('trusted browsers end with the password', () => {
  /** A browser trusted for 30 days by a person with a factor: its trust cookie. */
  async function trustedBrowser(person: { mail: string; secret: string }) {
    const { cookie } = await passwordStep(person.mail);
    const ok = await post('/api/auth/second-factor/verify', cookie, {
      code: totpCode(person.secret),
      trustBrowser: true,
    });
    expect(ok.statusCode).toBe(200);
    await aMinuteLater(person.mail);
    const trust = cookieHeaderOf(ok.headers['set-cookie']);
    expect(trust).toContain(`${TRUSTED_BROWSER_COOKIE}=`);
    expect((await passwordStep(person.mail, trust)).res.json().second_factor).toBeUndefined();
    return { trust, cookie };
  }

  it('a password change ends every trusted browser of the person', async () => {
    const person = await userWithFactor('trust-change');
    const elsewhere = await trustedBrowser(person);
    const here = await trustedBrowser(person);
    const changed = await post('/api/auth/change-password', here.cookie, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Another1!pass',
    });
    expect(changed.statusCode).toBe(200);
    for (const browser of [elsewhere, here]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: person.mail, password: 'Another1!pass' },
        headers: { cookie: browser.trust, ...origin() },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().second_factor).toBe('code');
    }
  });

  it('a password reset by mail ends every trusted browser of the person', async () => {
    const person = await userWithFactor('trust-reset');
    const browser = await trustedBrowser(person);
    const uid = await t.platform.identity.findUidByMail(person.mail);
    // The mail's link lands on the password screen (built in: after the provider's redirect).
    const link = await t.platform.identity.resetLink(uid!);
    let landing = new URL(link);
    if (landing.pathname !== '/reset-password') {
      const follow = await t.app.inject({
        method: 'GET',
        url: link.slice(t.config.publicBaseUrl.length),
      });
      landing = new URL(String(follow.headers.location), t.config.publicBaseUrl);
    }
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: landing.searchParams.get('token'), newPassword: 'Another1!pass' },
    });
    expect(reset.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: person.mail, password: 'Another1!pass' },
      headers: { cookie: browser.trust, ...origin() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().second_factor).toBe('code');
  });
});
