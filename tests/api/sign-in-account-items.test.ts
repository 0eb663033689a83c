import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '../../domain/messages';
import { createAccount } from './helpers/accounts';
import { apiKey, cookieHeaderOf, DEMO_PASSWORD, signInRequest } from './helpers/auth';
import { deliveredMails } from './helpers/mail';
import { createTestApp, type TestApp } from './helpers/test-app';

// The login screen's account items: the verification mail sent again, the lock's end, a mail typed
// in full-width letters, and a password change to the current password. Under either provider
// (TEST_IDENTITY_PROVIDER).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 1 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
});
afterAll(async () => t?.close());

const origin = () => ({ origin: t.config.publicBaseUrl });
const mailsTo = async (mail: string) =>
  (await deliveredMails(t)).filter((m) => m.to.toLowerCase() === mail);

const toFullWidth = (text: string) =>
  [...text]
    .map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) - 0x21 + 0xff01) : c))
    .join('');

describe('the verification mail sent again', () => {
  const resend = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email, callbackURL: '/login' },
    });

  it('reaches a person whose mail is not verified, and answers alike for an unknown or a verified address', async () => {
    const { mail } = await createAccount(t, 'resend', { emailVerified: false });
    const refused = await signInRequest(t.app, mail, DEMO_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');

    const known = await resend(mail);
    const unknown = await resend(`nobody-${Date.now()}@example.com`);
    const { mail: verified } = await createAccount(t, 'resend-verified');
    const done = await resend(verified);
    for (const answer of [known, unknown, done]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(known.json());
    }
    expect(await mailsTo(mail)).toHaveLength(1);
    expect(await mailsTo(verified)).toHaveLength(0);
  });
});

describe('the account lock says until when', () => {
  it('the locked answer keeps the spec’s words and adds when the lock ends', async () => {
    const { mail } = await createAccount(t, 'lock-until');
    let fifth: Awaited<ReturnType<typeof signInRequest>> | undefined;
    for (let i = 0; i < 5; i++) fifth = await signInRequest(t.app, mail, 'Wrong-pass1');
    const lockedAt = Date.now();
    expect(fifth!.json()).toMatchObject({ account_locked: true });
    const until = Date.parse(fifth!.json().locked_until);
    expect(until - lockedAt).toBeGreaterThan(59 * 60 * 1000);
    expect(until - lockedAt).toBeLessThanOrEqual(60 * 60 * 1000);

    const locked = await signInRequest(t.app, mail, DEMO_PASSWORD);
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: LOGIN_MESSAGES.locked });
    expect(Date.parse(locked.json().locked_until)).toBe(until);

    // The pre-login check gives the spec's flag and the same end of the lock, so that the login
    // screen says until when before signing in; it reads a full-width mail as sign-in does.
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/check-account-lock',
      payload: { mail: toFullWidth(mail) },
      headers: apiKey(t.config),
    });
    expect(check.json()).toEqual({
      account_lock_flag: true,
      locked_until: new Date(until).toISOString(),
    });
  });
});

describe('a mail typed in full-width letters', () => {
  it('signs in as the same mail; the password is never folded', async () => {
    const { mail } = await createAccount(t, 'zenkaku');
    const wide = toFullWidth(mail.toUpperCase());
    expect(wide).not.toBe(mail);
    const res = await signInRequest(t.app, wide, DEMO_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(mail);
    const widePassword = await signInRequest(t.app, mail, toFullWidth(DEMO_PASSWORD));
    expect(widePassword.statusCode).toBe(401);
  });
});

describe('a password change to the current password', () => {
  it('is refused with a clear message, counts no failure, and the password stays', async () => {
    const { mail } = await createAccount(t, 'same-password');
    const signedIn = await signInRequest(t.app, mail, DEMO_PASSWORD);
    const cookie = cookieHeaderOf(signedIn.headers['set-cookie']);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie, ...origin() },
      payload: { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({
      code: 'SAME_PASSWORD',
      message: LOGIN_MESSAGES.samePassword,
    });
    expect(LOGIN_MESSAGES.samePassword).toMatch(/現在のパスワードと同じ/);
    expect((await signInRequest(t.app, mail, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
