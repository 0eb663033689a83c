import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { STAFF_CUSTOMER_CODE, STAFF_USER_TYPE_ID } from '../../domain/constants';
import { totpCode } from '../../server/identity/totp';
import { createAccount } from './helpers/accounts';
import { bearer, cookieHeaderOf, DEMO_PASSWORD, signInRequest } from './helpers/auth';
import { emulatorHost, firebaseIdToken } from './helpers/firebase-app';
import { createTestApp, type TestApp } from './helpers/test-app';

// The second factor under IDENTITY_PROVIDER=firebase (project api-firebase): Firebase checks the password,
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

describe('trusted browser under Firebase', () => {
  const signInWith = (mail: string, password: string, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: mail, password },
      headers: { cookie, origin: t.config.publicBaseUrl },
    });

  it('a password changed at Firebase itself (not through the portal) ends the trusted browsers', async () => {
    const person = await createAccount(t, 'fb-trust');
    const first = cookieHeaderOf(
      (await signInRequest(t.app, person.mail, DEMO_PASSWORD)).headers['set-cookie'],
    );
    const { secret } = (await post('/api/auth/second-factor/enrol', first)).json();
    await post('/api/auth/second-factor/enrol/confirm', first, { code: totpCode(secret) });
    const waiting = cookieHeaderOf(
      (await signInRequest(t.app, person.mail, DEMO_PASSWORD)).headers['set-cookie'],
    );
    const ok = await post('/api/auth/second-factor/verify', waiting, {
      code: totpCode(secret, Date.now() + 30_000),
      trustBrowser: true,
    });
    expect(ok.statusCode).toBe(200);
    const trust = cookieHeaderOf(ok.headers['set-cookie']);
    const markedIn = Math.floor(Date.now() / 1000);
    const trusted = await signInWith(person.mail, DEMO_PASSWORD, trust);
    expect(trusted.statusCode).toBe(200);
    expect(trusted.json().second_factor).toBeUndefined();

    // The person changes the password with Firebase's own flow (its REST API, as the Firebase SDK
    // or a Firebase-hosted page would), which the portal is not told of.
    // Firebase keeps the change's time in whole seconds, and a mark of that very second still
    // counts: the change is made once the clock has left the second the mark was issued in.
    await vi.waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(markedIn), {
      timeout: 2000,
      interval: 20,
    });
    const newPassword = 'Changed-at-firebase1!';
    const idToken = await firebaseIdToken(person.mail);
    const changed = await fetch(
      `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=emulator-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idToken, password: newPassword, returnSecureToken: true }),
      },
    );
    expect(changed.status).toBe(200);

    const after = await signInWith(person.mail, newPassword, trust);
    expect(after.statusCode).toBe(200);
    expect(after.json().second_factor).toBe('code');
    expect((await tokenOf(cookieHeaderOf(after.headers['set-cookie']))).statusCode).toBe(403);
  });
});
