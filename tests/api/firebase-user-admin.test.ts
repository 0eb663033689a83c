import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLockouts, users } from '../../db/schema';
import { MAIL_NOT_CONFIRMED } from '../../domain/manager-row';
import { firebaseAuthOf } from '../../server/identity/firebase-identity';
import { findLinks } from '../../server/mail/mail-links';
import { withClockAhead } from '../support/clock';
import type { MailFile } from '../support/mail-files';
import { createAccount } from './helpers/accounts';
import { bearer, DEMO_PASSWORD, signIn, signInRequest } from './helpers/auth';
import { createFirebaseTestApp, emulatorHost } from './helpers/firebase-app';
import { deliveredMails, mailsOnceArrived } from './helpers/mail';
import type { TestApp } from './helpers/test-app';

// IDENTITY_PROVIDER=firebase: the managers page creates, links, disables and enables Firebase
// accounts; invitation and reset mails are the portal's own, their links the portal's reset screen
// with Firebase's code (docs/decisions/011).

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createFirebaseTestApp();
  for (const who of ['staff', 'admin']) {
    tokens[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
});
afterAll(async () => t?.close());

const fb = () => firebaseAuthOf(t.config);
const call = (method: 'POST' | 'PUT', url: string, who: 'staff' | 'admin', payload: object) =>
  t.app.inject({
    method,
    url: `/api/v1/user/${url}`,
    payload,
    headers: bearer(tokens[who]!),
  });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const customersOf = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user/get-all-customers',
    payload: {},
    headers: bearer(token),
  });
const sentTo = (who: string) => (mail: MailFile) => mail.to.includes(who);
const mailsTo = async (who: string) => (await deliveredMails(t)).filter(sentTo(who));
/** The mails to `who` once there is one (the identity routes queue theirs after the answer). */
const firstMailsTo = async (who: string) =>
  (await mailsOnceArrived(t, (all) => all.some(sentTo(who)), `a mail to ${who}`)).filter(
    sentTo(who),
  );
const rowOf = async (mail: string, code: number) =>
  (
    await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.mail, mail), eq(users.customer_code, code)))
  )[0]!;
/** The token of the portal's reset screen a mail's link lands on. */
const screenTokenOf = (link: string, t0: TestApp) => {
  const url = new URL(link);
  expect(url.origin).toBe(new URL(t0.config.publicBaseUrl).origin);
  expect(url.pathname).toBe('/reset-password');
  return url;
};

describe('user administration under Firebase', () => {
  it('adding a new mail creates the Firebase account and sends the portal’s invitation, whose link registers the person', async () => {
    const mail = 'invited@example.com';
    const res = await call('POST', 'add-user', 'admin', {
      mail,
      user_name: '招待 太郎',
      customer_code: 10001,
      user_type_id: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ is_new_account: true, invitation_sent: true });
    const account = await fb().getUserByEmail(mail);
    expect(account.emailVerified).toBe(false);
    expect(account.displayName).toBe('招待 太郎');
    expect((await rowOf(mail, 10001)).firebase_uid).toBe(account.uid);

    const [invitation] = await mailsTo(mail);
    expect(invitation!.subject).toContain('アカウント登録');
    const link = findLinks(invitation!.text).find((l) => l.includes('/reset-password'))!;
    const screen = screenTokenOf(link, t);
    expect(screen.searchParams.get('invitation')).toBe('1');
    const token = screen.searchParams.get('token')!;

    // The portal's password policy holds, before Firebase is asked.
    const weak = await post('/api/auth/reset-password', { token, newPassword: 'abcdefgh' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('PASSWORD_POLICY');
    const set = await post('/api/auth/reset-password', { token, newPassword: 'Fresh-pass1!' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await fb().getUser(account.uid)).emailVerified).toBe(true);
    // The link works once.
    const again = await post('/api/auth/reset-password', { token, newPassword: 'Fresh-pass2!' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');

    const signedIn = await signIn(t.app, mail, 'Fresh-pass1!');
    expect(signedIn.uid).toBe(account.uid);
    expect((await customersOf(signedIn.token)).json()).toEqual([10001]);
  });

  it('adding a mail Firebase already knows links that account: no new account, no invitation', async () => {
    const mail = 'known-to-firebase@example.com';
    const existing = await fb().createUser({
      email: mail,
      password: DEMO_PASSWORD,
      emailVerified: true,
    });
    // An identity with no row is out of an administrator's reach (mayAddMailOf): staff
    // add it, as under the built-in provider.
    const refused = await call('POST', 'add-user', 'admin', {
      mail,
      user_name: '既存 花子',
      customer_code: 10002,
      user_type_id: 2,
    });
    expect(refused.statusCode).toBe(409);
    const res = await call('POST', 'add-user', 'staff', {
      mail,
      user_name: '既存 花子',
      customer_code: 10002,
      user_type_id: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ is_new_account: false, invitation_sent: false });
    expect((await rowOf(mail, 10002)).firebase_uid).toBe(existing.uid);
    expect(await mailsTo(mail)).toHaveLength(0);
    const { token } = await signIn(t.app, mail);
    expect((await customersOf(token)).json()).toEqual([10002]);
  });

  it('a mail someone set on their own Firebase account without confirming it is not joined to a new row', async () => {
    // A person of the corporation (a row of their own) changes their Firebase account's mail to a
    // colleague's, which Firebase may allow without verification.
    const taker = await createAccount(t, 'mail-taker');
    const { token } = await signIn(t.app, taker.mail);
    const colleague = `colleague-${taker.uid.slice(0, 6).toLowerCase()}@example.com`;
    await fb().updateUser(taker.uid, { email: colleague, emailVerified: false });
    for (const who of ['admin', 'staff'] as const) {
      const res = await call('POST', 'add-user', who, {
        mail: colleague,
        user_name: '同僚 一郎',
        customer_code: 10002,
        user_type_id: 2,
      });
      expect(res.statusCode, `${who} ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({
        code: MAIL_NOT_CONFIRMED.code,
        message: MAIL_NOT_CONFIRMED.message,
      });
    }
    const rows = await t.database.db.select().from(users).where(eq(users.mail, colleague));
    expect(rows).toEqual([]);
    expect(await mailsTo(colleague)).toHaveLength(0);
    // The taker's session gained nothing: Firebase counts the mail change as new credentials
    // (tokensValidAfterTime), which ends the sessions signed in before it. Firebase keeps that time
    // in whole seconds and a session of the same second is kept (isRefused), so the sign-in is
    // moved a few seconds back, as the password-change test of firebase-sign-in does.
    await t.database.db.execute(
      sql`update auth_session set created_at = created_at - interval '5 seconds' where user_id = ${taker.uid}`,
    );
    // The token was not used since its sign-in: its session is looked up now.
    expect((await customersOf(token)).statusCode).toBe(401);
  });

  it('a row joined to an existing account reaches its open sessions only after the owner signs in again', async () => {
    const person = await createAccount(t, 'joined-later');
    const signedIn = await signInRequest(t.app, person.mail, DEMO_PASSWORD);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const tokenOfSession = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } })).json()
        .token as string;
    const open = await tokenOfSession();
    expect((await customersOf(open)).json()).toEqual([10001]);

    const res = await call('POST', 'add-user', 'staff', {
      mail: person.mail,
      user_name: 'テスト 利用者',
      customer_code: 10002,
      user_type_id: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ is_new_account: false, invitation_sent: false });
    expect((await rowOf(person.mail, 10002)).firebase_uid).toBe(person.uid);

    // The open session keeps what it had: neither its token nor a new one from the same session
    // sees the new row, on this instance once the session is looked at again or on any other.
    await withClockAhead(61_000, async () => {
      expect((await customersOf(open)).json()).toEqual([10001]);
      expect((await customersOf(await tokenOfSession())).json()).toEqual([10001]);
    });
    // The owner signs in again: the new session has the row.
    const again = await signIn(t.app, person.mail);
    expect((await customersOf(again.token)).json()).toEqual([10001, 10002]);
  });

  it('a person invited but not yet registered is still added to another customer', async () => {
    const mail = 'invited-twice@example.com';
    const first = await call('POST', 'add-user', 'admin', {
      mail,
      user_name: '招待 次郎',
      customer_code: 10001,
      user_type_id: 2,
    });
    expect(first.json()).toMatchObject({ is_new_account: true });
    const second = await call('POST', 'add-user', 'admin', {
      mail,
      user_name: '招待 次郎',
      customer_code: 10002,
      user_type_id: 2,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ is_new_account: false });
  });

  it('deleting the last row disables the Firebase account and ends the sessions; adding the person again enables it', async () => {
    const { mail, uid } = await createAccount(t, 'leaver');
    const { token } = await signIn(t.app, mail);
    const row = await rowOf(mail, 10001);
    const res = await call('PUT', 'delete-user', 'admin', { id: row.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await fb().getUser(uid)).disabled).toBe(true);
    expect((await customersOf(token)).statusCode).toBe(409);
    // Firebase refuses the password now: the wrong-credentials answer.
    expect((await signInRequest(t.app, mail, DEMO_PASSWORD)).statusCode).toBe(401);
    await t.database.db.delete(accountLockouts).where(eq(accountLockouts.mail, mail));

    const back = await call('POST', 'add-user', 'admin', {
      mail,
      user_name: '復帰 太郎',
      customer_code: 10001,
      user_type_id: 2,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ id: row.id, is_new_account: false });
    expect((await fb().getUser(uid)).disabled).toBe(false);
    const again = await signIn(t.app, mail);
    expect((await customersOf(again.token)).statusCode).toBe(200);
  });

  it('deleting one of several rows leaves the Firebase account enabled', async () => {
    const { mail, uid } = await createAccount(t, 'two-rows');
    await t.database.db.insert(users).values({
      mail,
      user_name: 'テスト 利用者',
      customer_code: 10002,
      user_type_id: 2,
      firebase_uid: uid,
    });
    const row = await rowOf(mail, 10002);
    expect((await call('PUT', 'delete-user', 'admin', { id: row.id })).statusCode).toBe(200);
    expect((await fb().getUser(uid)).disabled).toBe(false);
  });
});

describe('password reset under Firebase', () => {
  it('the reset mail carries a link to the portal’s screen with Firebase’s code; it sets the password, lifts the lock, ends the sessions', async () => {
    const { mail, uid } = await createAccount(t, 'reset');
    const before = await signIn(t.app, mail);
    for (let i = 1; i <= 5; i++) await signInRequest(t.app, mail, `Wrong-pass${i}!`);
    expect((await signInRequest(t.app, mail, DEMO_PASSWORD)).statusCode).toBe(423);

    const res = await post('/api/auth/request-password-reset', {
      email: mail,
      redirectTo: '/reset-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
    // The mail goes after the answer.
    const [resetMail] = await firstMailsTo(mail);
    expect(resetMail!.subject).toContain('パスワード再設定');
    const link = findLinks(resetMail!.text).find((l) => l.includes('/reset-password'))!;
    const screen = screenTokenOf(link, t);
    expect(screen.searchParams.has('invitation')).toBe(false);
    const set = await post('/api/auth/reset-password', {
      token: screen.searchParams.get('token'),
      newPassword: 'Reset-pass1!',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await customersOf(before.token)).statusCode).toBe(401);
    const after = await signIn(t.app, mail, 'Reset-pass1!');
    expect(after.uid).toBe(uid);
  });

  it('a mail without an account gets the same answer and no mail; a made-up token is refused', async () => {
    const res = await post('/api/auth/request-password-reset', {
      email: 'no-account-here@example.com',
      redirectTo: '/reset-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
    // A request for an account asked after it: once its mail is out, any mail of the first
    // request would be out too.
    const { mail } = await createAccount(t, 'reset-after');
    const after = await post('/api/auth/request-password-reset', {
      email: mail,
      redirectTo: '/reset-password',
    });
    expect(after.statusCode).toBe(200);
    expect(await firstMailsTo(mail)).toHaveLength(1);
    expect(await mailsTo('no-account-here@example.com')).toHaveLength(0);
    const made = await post('/api/auth/reset-password', {
      token: 'made-up-code',
      newPassword: 'Reset-pass1!',
    });
    expect(made.statusCode).toBe(400);
    expect(made.json().code).toBe('INVALID_TOKEN');
  });

  it('the verification mail carries Firebase’s verification link, which lets the person sign in', async () => {
    const { mail } = await createAccount(t, 'verify', { emailVerified: false });
    expect((await signInRequest(t.app, mail, DEMO_PASSWORD)).statusCode).toBe(403);
    const res = await post('/api/auth/send-verification-email', { email: mail });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    const mails = await firstMailsTo(mail);
    expect(mails[0]!.subject).toContain('メールアドレス確認');
    const link = findLinks(mails[0]!.text).find((l) => l.includes('mode=verifyEmail'))!;
    expect(new URL(link).searchParams.get('continueUrl')).toBe(`${t.config.publicBaseUrl}/login`);
    // Firebase's action handler (the emulator's here) applies the code.
    const oobCode = new URL(link).searchParams.get('oobCode');
    const applied = await fetch(
      `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=emulator-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ oobCode }),
      },
    );
    expect(applied.status).toBe(200);
    expect((await signInRequest(t.app, mail, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
