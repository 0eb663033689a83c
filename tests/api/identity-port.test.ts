import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { IdentityExistsError, type IdentityPort } from '../../server/identity/identity-port';
import { withClockAhead } from '../support/clock';
import { bearer, signIn, signInRequest } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// The identity port's contract (server/identity/identity-port.ts), through the real routes: what
// user administration and the seed rely on. Run on the built-in provider (project api) and on
// Firebase Authentication (project api-firebase, its emulator; decision 011).

let t: TestApp;
let port: IdentityPort;

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: {
      RATE_LIMIT_IP_PER_MINUTE: '100000',
      RATE_LIMIT_MAIL_PER_MINUTE: '100000',
      SESSION_CHECK_SECONDS: '1',
    },
  });
  port = t.platform.identity;
});
afterAll(async () => t?.close());

const PASSWORD = 'Contract-pass1!';
const freshMail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

/** A user row of customer 10001 for an identity, so that /api/v1 accepts its tokens. */
async function giveRow(mail: string, uid: string) {
  await t.database.db.insert(users).values({
    mail,
    user_name: '契約 試験',
    customer_code: 10001,
    user_type_id: 2,
    firebase_uid: uid,
  });
}

/**
 * Follows a password link as the browser does, then sets the password the way the screen does. The
 * built-in provider's link passes through its reset route, which sends the browser on to the
 * screen; Firebase's (decision 011) is the screen itself, with Firebase's code as its token.
 */
async function usePasswordLink(link: string, password: string) {
  expect(link.startsWith(`${t.config.publicBaseUrl}/`)).toBe(true);
  let landing = new URL(link);
  if (landing.pathname !== '/reset-password') {
    const follow = await t.app.inject({
      method: 'GET',
      url: link.slice(t.config.publicBaseUrl.length),
    });
    expect(follow.statusCode).toBe(302);
    landing = new URL(String(follow.headers.location), t.config.publicBaseUrl);
  }
  const set = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: landing.searchParams.get('token'), newPassword: password },
  });
  return { landing, set };
}

describe(`identity port (${process.env.TEST_IDENTITY_PROVIDER ?? 'builtin'})`, () => {
  it('creates an identity, finds it by its mail in any spelling, and reads its state', async () => {
    const mail = freshMail('create');
    const uid = await port.createIdentity({ mail, name: '契約 太郎', mailVerified: false });
    expect(uid).toMatch(/\S/);
    expect(await port.findUidByMail(mail)).toBe(uid);
    expect(await port.findUidByMail(`  ${mail.toUpperCase()} `)).toBe(uid);
    expect(await port.getIdentity(uid)).toEqual({
      uid,
      mail,
      name: '契約 太郎',
      mailVerified: false,
      disabled: false,
    });
  });

  it('refuses a second identity for a mail, and knows nothing of unknown mails and uids', async () => {
    const mail = freshMail('twice');
    const uid = await port.createIdentity({ mail, name: '一人目', mailVerified: true });
    await expect(port.createIdentity({ mail, name: '二人目', mailVerified: true })).rejects.toThrow(
      IdentityExistsError,
    );
    expect(await port.findUidByMail(mail)).toBe(uid);
    expect(await port.findUidByMail(freshMail('nobody'))).toBeNull();
    expect(await port.getIdentity('no-such-uid')).toBeNull();
  });

  it('an identity created without a password cannot sign in with any', async () => {
    const mail = freshMail('nopass');
    await port.createIdentity({ mail, name: '未設定', mailVerified: true });
    expect((await signInRequest(t.app, mail, PASSWORD)).statusCode).toBe(401);
  });

  it('the invitation link works through the real reset route: password set, mail verified, sign-in', async () => {
    const mail = freshMail('invite');
    const uid = await port.createIdentity({ mail, name: '招待 花子', mailVerified: false });
    const { landing, set } = await usePasswordLink(await port.invitationLink(uid), PASSWORD);
    expect(landing.pathname).toBe('/reset-password');
    expect(landing.searchParams.get('invitation')).toBe('1');
    expect(set.statusCode).toBe(200);
    expect((await port.getIdentity(uid))?.mailVerified).toBe(true);
    expect((await signIn(t.app, mail, PASSWORD)).uid).toBe(uid);
  });

  it('the reset link works once and lands on the password screen without the invitation', async () => {
    const mail = freshMail('reset');
    const uid = await port.createIdentity({
      mail,
      name: '再設定',
      mailVerified: true,
      password: 'Before-pass1!',
    });
    const link = await port.resetLink(uid);
    const { landing, set } = await usePasswordLink(link, PASSWORD);
    expect(landing.pathname).toBe('/reset-password');
    expect(landing.searchParams.has('invitation')).toBe(false);
    expect(set.statusCode).toBe(200);
    expect((await signInRequest(t.app, mail, 'Before-pass1!')).statusCode).toBe(401);
    expect((await signIn(t.app, mail, PASSWORD)).uid).toBe(uid);
    expect((await usePasswordLink(link, 'Again-pass1!')).set.statusCode).toBe(400);
  });

  it('sets a password, which then signs in', async () => {
    const mail = freshMail('setpw');
    const uid = await port.createIdentity({ mail, name: '設定', mailVerified: true });
    await port.setPassword(uid, PASSWORD);
    expect((await signIn(t.app, mail, PASSWORD)).uid).toBe(uid);
  });

  it('checks a password: its own is right; a wrong one, another identity’s, or none set is not', async () => {
    const mail = freshMail('checkpw');
    const uid = await port.createIdentity({ mail, name: '確認', mailVerified: true });
    expect(await port.checkPassword(uid, mail, PASSWORD)).toBe(false);
    await port.setPassword(uid, PASSWORD);
    expect(await port.checkPassword(uid, mail, PASSWORD)).toBe(true);
    expect(await port.checkPassword(uid, mail, `${PASSWORD}x`)).toBe(false);
    const other = freshMail('checkpw-other');
    const otherUid = await port.createIdentity({
      mail: other,
      name: '別人',
      mailVerified: true,
      password: PASSWORD,
    });
    expect(await port.checkPassword(otherUid, mail, PASSWORD)).toBe(false);
  });

  it('marks the mail verified: the provider then lets the person sign in', async () => {
    const mail = freshMail('verify');
    const uid = await port.createIdentity({
      mail,
      name: '確認',
      mailVerified: false,
      password: PASSWORD,
    });
    expect((await signInRequest(t.app, mail, PASSWORD)).statusCode).toBe(403);
    await port.markMailVerified(uid);
    expect((await port.getIdentity(uid))?.mailVerified).toBe(true);
    expect((await signInRequest(t.app, mail, PASSWORD)).statusCode).toBe(200);
  });

  it('ends every session: the access token is refused and the cookie gets no new one', async () => {
    const mail = freshMail('end');
    const uid = await port.createIdentity({
      mail,
      name: '終了',
      mailVerified: true,
      password: PASSWORD,
    });
    await giveRow(mail, uid);
    const first = await signIn(t.app, mail, PASSWORD);
    const second = await signIn(t.app, mail, PASSWORD);
    const call = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/get-all-customers',
        payload: {},
        headers: bearer(token),
      });
    expect((await call(first.token)).statusCode).toBe(200);
    await port.endSessions(uid);
    // SESSION_CHECK_SECONDS later.
    await withClockAhead(1_100, async () => {
      expect((await call(first.token)).statusCode).toBe(401);
      expect((await call(second.token)).statusCode).toBe(401);
    });
    const renewed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { cookie: first.cookie },
    });
    expect(renewed.statusCode).toBe(401);
    // The identity itself stays: a new sign-in works.
    expect((await signIn(t.app, mail, PASSWORD)).uid).toBe(uid);
  });

  it('deletes an identity, its mail free again; deleting it twice is no error', async () => {
    const mail = freshMail('delete');
    const uid = await port.createIdentity({
      mail,
      name: '削除',
      mailVerified: true,
      password: PASSWORD,
    });
    await port.deleteIdentity(uid);
    expect(await port.getIdentity(uid)).toBeNull();
    expect(await port.findUidByMail(mail)).toBeNull();
    await port.deleteIdentity(uid);
    expect((await signInRequest(t.app, mail, PASSWORD)).statusCode).toBe(401);
    const again = await port.createIdentity({ mail, name: '再作成', mailVerified: true });
    expect(again).not.toBe(uid);
  });
});
