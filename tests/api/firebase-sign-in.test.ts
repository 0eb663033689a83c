import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountLockouts, users } from '../../db/schema';
import { LOGIN_MESSAGES } from '../../domain/messages';
import { firebaseAuthOf } from '../../server/identity/firebase-identity';
import { seedDemoIfEmpty } from '../../server/platform';
import { withClockAhead } from '../support/clock';
import { clearEmulatorAccounts } from '../support/firebase-emulator';
import { createAccount } from './helpers/accounts';
import { bearer, DEMO_PASSWORD, decodeJwtPart, signIn, signInRequest } from './helpers/auth';
import { createFirebaseTestApp, emulatorHost, firebaseIdToken } from './helpers/firebase-app';
import type { TestApp } from './helpers/test-app';

// IDENTITY_PROVIDER=firebase (docs/decisions/011): Firebase (its Auth Emulator) holds the
// credentials, the portal its own sessions, access tokens, lock and limits.

let t: TestApp;

beforeAll(async () => {
  // A disabled identity must lose its tokens within SESSION_CHECK_SECONDS.
  t = await createFirebaseTestApp({ env: { SESSION_CHECK_SECONDS: '1' } });
});
afterAll(async () => t?.close());

const call = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user/get-all-customers',
    payload: {},
    headers: bearer(token),
  });

/** Counts the password checks the server makes at Firebase. */
function countPasswordChecks() {
  const original = globalThis.fetch;
  let count = 0;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (String(input instanceof Request ? input.url : input).includes('signInWithPassword')) {
      count += 1;
    }
    return original(input, init);
  });
  return {
    get count() {
      return count;
    },
    restore: () => spy.mockRestore(),
  };
}

describe('sign-in with the credentials Firebase holds', () => {
  it('the demo accounts were seeded into the emulator and their rows linked to the Firebase uids', async () => {
    const fbUser = await firebaseAuthOf(t.config).getUserByEmail('user@example.com');
    const rows = await t.database.db.select().from(users).where(eq(users.mail, 'user@example.com'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.firebase_uid).toBe(fbUser.uid);
    const unverified = await firebaseAuthOf(t.config).getUserByEmail('unverified@example.com');
    expect(unverified.emailVerified).toBe(false);
  });

  it('signs in: the portal’s own session cookie and EdDSA access token, its subject the Firebase uid', async () => {
    const fbUser = await firebaseAuthOf(t.config).getUserByEmail('user@example.com');
    const { token, uid, cookie } = await signIn(t.app, 'user@example.com');
    expect(uid).toBe(fbUser.uid);
    expect(cookie).toContain('portal.session_token=');
    expect(decodeJwtPart(token, 0).alg).toBe('EdDSA');
    expect(decodeJwtPart(token, 1).sub).toBe(fbUser.uid);
    expect((await call(token)).statusCode).toBe(200);
  });

  it('a wrong password answers the generic code and is counted', async () => {
    const { mail } = await createAccount(t, 'wrong');
    const res = await signInRequest(t.app, mail, 'Wrong-pass1!');
    expect(res.statusCode).toBe(401);
    // The one error shape of every /api call (docs/product.md §12), as under the built-in provider.
    expect(res.json()).toEqual({
      statusCode: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: LOGIN_MESSAGES.wrongCredentials,
    });
    const [row] = await t.database.db
      .select()
      .from(accountLockouts)
      .where(eq(accountLockouts.mail, mail));
    expect(row!.failure_count).toBe(1);
    // A mail Firebase does not know answers the same.
    const unknown = await signInRequest(t.app, 'nobody-here@example.com', 'Wrong-pass1!');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('the 5th failure locks the account; the correct password is then refused as locked', async () => {
    const { mail } = await createAccount(t, 'lock');
    for (let i = 1; i <= 4; i++) {
      const res = await signInRequest(t.app, mail, `Wrong-pass${i}!`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).not.toHaveProperty('account_locked');
    }
    const fifth = await signInRequest(t.app, mail, 'Wrong-pass5!');
    expect(fifth.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', account_locked: true });
    const correct = await signInRequest(t.app, mail, DEMO_PASSWORD);
    expect(correct.statusCode).toBe(423);
    expect(correct.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
  });

  it('50 parallel wrong passwords: five checks at Firebase, the account locked once', async () => {
    const { mail } = await createAccount(t, 'parallel');
    const checks = countPasswordChecks();
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => signInRequest(t.app, mail, `Wrong-pass${i}!`)),
      );
      expect(answers.filter((r) => r.json().account_locked === true)).toHaveLength(1);
      for (const r of answers) expect([401, 423]).toContain(r.statusCode);
      expect(checks.count).toBe(5);
    } finally {
      checks.restore();
    }
    const [row] = await t.database.db
      .select()
      .from(accountLockouts)
      .where(eq(accountLockouts.mail, mail));
    expect(row!.lock_count).toBe(1);
  });

  it('an unverified mail is refused with 403 EMAIL_NOT_VERIFIED, and the check is given back', async () => {
    const res = await signInRequest(t.app, 'unverified@example.com', DEMO_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(res.headers['set-cookie']).toBeUndefined();
    const [row] = await t.database.db
      .select()
      .from(accountLockouts)
      .where(eq(accountLockouts.mail, 'unverified@example.com'));
    expect(row?.failure_count ?? 0).toBe(0);
  });

  it('a disabled Firebase account is refused as wrong credentials; a deleted one too', async () => {
    const disabled = await createAccount(t, 'disabled');
    await firebaseAuthOf(t.config).updateUser(disabled.uid, { disabled: true });
    const res = await signInRequest(t.app, disabled.mail, DEMO_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');

    const deleted = await createAccount(t, 'deleted');
    await firebaseAuthOf(t.config).deleteUser(deleted.uid);
    const gone = await signInRequest(t.app, deleted.mail, DEMO_PASSWORD);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('sign-out ends the portal session: its cookie gets no token, its token is refused', async () => {
    const { mail } = await createAccount(t, 'sign-out');
    const { cookie, token } = await signIn(t.app, mail);
    expect((await call(token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: t.config.publicBaseUrl },
    });
    expect(out.statusCode).toBe(200);
    expect((await call(token)).statusCode).toBe(401);
    const tokenRes = await t.app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { cookie },
    });
    expect(tokenRes.statusCode).toBe(401);
  });

  it('the library’s origin check holds as for the built-in sign-in; the inner endpoint is not reachable', async () => {
    const from = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'user@example.com', password: DEMO_PASSWORD },
        headers: { origin, cookie: 'leftover=1' },
      });
    expect((await from('http://127.0.0.1:3000')).statusCode).toBe(200);
    const elsewhere = await from('http://192.0.2.10:3000');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('INVALID_ORIGIN');
    // Refused for the origin, not for the password: the check is given back.
    const [row] = await t.database.db
      .select()
      .from(accountLockouts)
      .where(eq(accountLockouts.mail, 'user@example.com'));
    expect(row?.failure_count ?? 0).toBe(0);

    for (const headers of [{}, { 'x-portal-sign-in': 'guess' }]) {
      const inner = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/firebase',
        payload: { email: 'user@example.com', password: DEMO_PASSWORD },
        headers,
      });
      expect(inner.statusCode).toBe(404);
      expect(inner.headers['set-cookie']).toBeUndefined();
    }
  });

  it('a Firebase ID token is no access token of /api/v1', async () => {
    const { mail } = await createAccount(t, 'id-token');
    const idToken = await firebaseIdToken(mail);
    const res = await call(idToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('a user disabled in Firebase loses their portal token within SESSION_CHECK_SECONDS', async () => {
    const { mail, uid } = await createAccount(t, 'disable-later');
    const { token } = await signIn(t.app, mail);
    expect((await call(token)).statusCode).toBe(200);
    await firebaseAuthOf(t.config).updateUser(uid, { disabled: true });
    expect((await withClockAhead(1100, () => call(token))).statusCode).toBe(401);
    // Enabled again: a new sign-in works.
    await firebaseAuthOf(t.config).updateUser(uid, { disabled: false });
    const again = await signIn(t.app, mail);
    expect((await call(again.token)).statusCode).toBe(200);
  });

  it('a password changed at Firebase, or tokens revoked there, ends the portal sessions from before', async () => {
    const changes: [string, (uid: string) => Promise<unknown>][] = [
      [
        'password',
        (uid) => firebaseAuthOf(t.config).updateUser(uid, { password: 'Changed-at-fb1!' }),
      ],
      ['revocation', (uid) => firebaseAuthOf(t.config).revokeRefreshTokens(uid)],
    ];
    for (const [what, change] of changes) {
      const { mail, uid } = await createAccount(t, `fb-changed-${what}`);
      const { token, cookie } = await signIn(t.app, mail);
      expect((await call(token)).statusCode).toBe(200);
      // Signed in a few seconds before the change (Firebase keeps its time in whole seconds).
      await t.database.db.execute(
        sql`update auth_session set created_at = created_at - interval '5 seconds' where user_id = ${uid}`,
      );
      await change(uid);
      expect((await withClockAhead(1100, () => call(token))).statusCode, what).toBe(401);
      const refreshed = await t.app.inject({
        method: 'GET',
        url: '/api/auth/token',
        headers: { cookie },
      });
      expect(refreshed.statusCode, what).toBe(401);
      expect(refreshed.body).not.toMatch(/eyJ/);
      // A new sign-in (with the password Firebase now holds) is a session after the change.
      const password = what === 'password' ? 'Changed-at-fb1!' : DEMO_PASSWORD;
      const again = await signIn(t.app, mail, password);
      expect((await call(again.token)).statusCode, what).toBe(200);
    }
  });

  // Last: it empties the emulator.
  it('an emulator started afresh gets the demo accounts back at the next start, the rows linked to them', async () => {
    await clearEmulatorAccounts(emulatorHost());
    expect(await seedDemoIfEmpty(t.platform)).toBeNull();
    const fbUser = await firebaseAuthOf(t.config).getUserByEmail('user@example.com');
    const { uid, token } = await signIn(t.app, 'user@example.com');
    expect(uid).toBe(fbUser.uid);
    expect((await call(token)).statusCode).toBe(200);
    expect((await signInRequest(t.app, 'unverified@example.com', DEMO_PASSWORD)).statusCode).toBe(
      403,
    );
  });
});
