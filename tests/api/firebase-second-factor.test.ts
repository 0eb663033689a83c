import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { STAFF_CUSTOMER_CODE, STAFF_USER_TYPE_ID } from '../../domain/constants';
import { totpCode } from '../../server/identity/totp';
import { createAccount } from './helpers/accounts';
import { bearer, cookieHeaderOf, DEMO_PASSWORD, signInRequest } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 22 under IDENTITY_PROVIDER=firebase (project api-firebase): Firebase checks the password,
// the portal's session then waits for the second factor exactly as under the built-in provider
// (docs/decisions/016).

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

const post = (url: string, cookie: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { cookie, origin: t.config.publicBaseUrl },
  });
const tokenOf = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });

describe('second factor under Firebase', () => {
  it('runs on Firebase', () => {
    expect(t.config.IDENTITY_PROVIDER).toBe('firebase');
  });

  it('a Firebase sign-in of a person with a factor asks for the code; only the code gives a token', async () => {
    const person = await createAccount(t, 'fb-2fa');
    const first = await signInRequest(t.app, person.mail, DEMO_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json().second_factor).toBeUndefined();
    const cookie = cookieHeaderOf(first.headers['set-cookie']);
    const { secret } = (await post('/api/auth/second-factor/enrol', cookie)).json();
    const confirmed = await post('/api/auth/second-factor/enrol/confirm', cookie, {
      code: totpCode(secret),
    });
    expect(confirmed.statusCode).toBe(200);

    const second = await signInRequest(t.app, person.mail, DEMO_PASSWORD);
    expect(second.statusCode).toBe(200);
    expect(second.json().second_factor).toBe('code');
    const waiting = cookieHeaderOf(second.headers['set-cookie']);
    expect((await tokenOf(waiting)).statusCode).toBe(403);
    const wrong = await post('/api/auth/second-factor/verify', waiting, { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const ok = await post('/api/auth/second-factor/verify', waiting, {
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(ok.statusCode).toBe(200);
    const token = await tokenOf(waiting);
    expect(token.statusCode).toBe(200);
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/get-all-customers',
      headers: bearer(token.json().token),
      payload: {},
    });
    expect(lookup.statusCode).toBe(200);
  });

  it('a Firebase staff sign-in without a factor reaches only the enrolment', async () => {
    const staff = await createAccount(t, 'fb-staff');
    await t.database.db
      .update(users)
      .set({ customer_code: STAFF_CUSTOMER_CODE, user_type_id: STAFF_USER_TYPE_ID })
      .where(eq(users.mail, staff.mail));
    const res = await signInRequest(t.app, staff.mail, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().second_factor).toBe('enrol');
    const cookie = cookieHeaderOf(res.headers['set-cookie']);
    expect((await tokenOf(cookie)).statusCode).toBe(403);
    const { secret } = (await post('/api/auth/second-factor/enrol', cookie)).json();
    expect(
      (await post('/api/auth/second-factor/enrol/confirm', cookie, { code: totpCode(secret) }))
        .statusCode,
    ).toBe(200);
    expect((await tokenOf(cookie)).statusCode).toBe(200);
  });
});
