import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, users } from '../../db/schema';
import { createAccount, createOtherCorporationAdmin } from './helpers/accounts';
import { bearer, signIn, signInRequest } from './helpers/auth';
import { passwordScreenOf } from './helpers/identities';
import { deliveredMails } from './helpers/mail';
import { createTestApp, type TestApp } from './helpers/test-app';

// The managers page's view of each person's signing in (invited, active, locked; the last
// sign-in) and its two actions: the invitation sent again, the lock lifted.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 1 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
  await createOtherCorporationAdmin(t, 'state-admin2@example.com');
  for (const who of ['staff', 'admin', 'user', 'state-admin2']) {
    tokens[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
});
afterAll(async () => t?.close());

type Actor = 'staff' | 'admin' | 'user' | 'state-admin2' | null;
const call = (url: string, who: Actor, payload: object) =>
  t.app.inject({
    method: url === 'get-user-by-customer' || url === 'add-user' ? 'POST' : 'PUT',
    url: `/api/v1/user/${url}`,
    payload,
    headers: who ? bearer(tokens[who]!) : {},
  });

interface Row {
  id: number;
  mail: string;
  sign_in_state: string;
  locked_until: string | null;
  last_sign_in_at: string | null;
}
const rowOf = async (mail: string, who: Actor = 'admin') => {
  const res = await call('get-user-by-customer', who, { customer_code: [10001] });
  expect(res.statusCode).toBe(200);
  return (res.json() as Row[]).find((r) => r.mail === mail)!;
};
const auditCount = async (action: string) =>
  (await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!
    .n;
const invitationsTo = async (mail: string) =>
  (await deliveredMails(t)).filter(
    (m) => m.to.includes(mail) && m.subject.includes('アカウント登録'),
  );

async function lock(mail: string) {
  for (let i = 0; i < 5; i++) await signInRequest(t.app, mail, 'Wrong-pass1!');
}

describe('the sign-in state on the managers list', () => {
  it('a person added and not signed in is invited; once signed in, active with the last sign-in', async () => {
    const added = await call('add-user', 'admin', {
      mail: 'state-invited@example.com',
      user_name: '招待 太郎',
      customer_code: 10001,
      user_type_id: 2,
    });
    expect(added.statusCode).toBe(200);
    expect(await rowOf('state-invited@example.com')).toMatchObject({
      sign_in_state: 'invited',
      locked_until: null,
      last_sign_in_at: null,
    });

    const { mail } = await createAccount(t, 'state-active');
    const before = Date.now();
    await signIn(t.app, mail);
    const row = await rowOf(mail);
    expect(row.sign_in_state).toBe('active');
    expect(Date.parse(row.last_sign_in_at!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('five wrong passwords make the person locked, until an hour later', async () => {
    const { mail } = await createAccount(t, 'state-locked');
    await lock(mail);
    const row = await rowOf(mail);
    expect(row.sign_in_state).toBe('locked');
    const left = Date.parse(row.locked_until!) - Date.now();
    expect(left).toBeGreaterThan(55 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000);
  });
});

describe('sending the invitation again', () => {
  it('sends the invitation mail again through the outbox; its link sets a password that signs in', async () => {
    const added = await call('add-user', 'admin', {
      mail: 'state-resend@example.com',
      user_name: '再送 花子',
      customer_code: 10001,
      user_type_id: 2,
    });
    const { id } = added.json();
    expect(await invitationsTo('state-resend@example.com')).toHaveLength(1);
    const audits = await auditCount('user.invitation-resend');

    const res = await call('resend-invitation', 'admin', { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, sent: true });
    expect(await auditCount('user.invitation-resend')).toBe(audits + 1);
    const [outboxRow] = await t.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to_address, 'state-resend@example.com'),
          eq(mailOutbox.kind, 'invitation'),
        ),
      );
    expect(outboxRow!.n).toBe(2);
    const mails = await invitationsTo('state-resend@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('再送 花子');

    const landing = await passwordScreenOf(t, mails[1]!.text);
    expect(landing.searchParams.get('invitation')).toBe('1');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: landing.searchParams.get('token'), newPassword: 'Fresh-pass1!' },
    });
    expect(set.statusCode).toBe(200);
    await signIn(t.app, 'state-resend@example.com', 'Fresh-pass1!');

    // Signed in: the password is theirs; the reset mail of the sign-in screen is the way now.
    const again = await call('resend-invitation', 'staff', { id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_SIGNED_IN');
    expect(await invitationsTo('state-resend@example.com')).toHaveLength(2);
  });
});

describe('lifting the lock', () => {
  it('an administrator lifts a lock of their corporation’s user: the person signs in at once', async () => {
    const { mail } = await createAccount(t, 'state-unlock');
    await lock(mail);
    expect((await signInRequest(t.app, mail, 'Passw0rd!')).statusCode).toBe(423);
    const { id } = await rowOf(mail);
    const audits = await auditCount('auth.unlock');

    const res = await call('unlock-account', 'admin', { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, lifted: true });
    expect(await auditCount('auth.unlock')).toBe(audits + 1);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.unlock'), eq(auditLog.entity_id, mail)));
    expect(entry).toMatchObject({ actor_mail: 'admin@example.com', customer_code: 10001 });
    expect((await rowOf(mail)).sign_in_state).not.toBe('locked');
    await signIn(t.app, mail);

    // No lock left: nothing to do, nothing recorded.
    const again = await call('unlock-account', 'staff', { id });
    expect(again.json()).toEqual({ id, lifted: false });
    expect(await auditCount('auth.unlock')).toBe(audits + 1);
  });
});

describe('who may do either', () => {
  it('an administrator of another corporation, a general user and nobody signed in are refused; nothing changes', async () => {
    const { mail } = await createAccount(t, 'state-refused');
    await lock(mail);
    const { id } = await rowOf(mail);
    const mailsBefore = (await deliveredMails(t)).length;
    for (const [who, status] of [
      ['state-admin2', 403],
      ['user', 403],
      [null, 401],
    ] as const) {
      for (const url of ['unlock-account', 'resend-invitation']) {
        const res = await call(url, who, { id });
        expect(res.statusCode, `${who} ${url}`).toBe(status);
        expect(res.body).not.toContain(mail);
      }
    }
    expect((await rowOf(mail)).sign_in_state).toBe('locked');
    expect((await deliveredMails(t)).length).toBe(mailsBefore);
  });

  it('an administrator cannot act on a staff account, even one that is also a user of their corporation', async () => {
    const [staffRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mail, 'staff@example.com'));
    // A staff member who also holds a row at the administrator's customer.
    const [extra] = await t.database.db
      .select({ uid: users.firebase_uid })
      .from(users)
      .where(eq(users.mail, 'staff@example.com'));
    const [shared] = await t.database.db
      .insert(users)
      .values({
        mail: 'staff@example.com',
        user_name: 'スタッフ',
        customer_code: 10002,
        user_type_id: 2,
        firebase_uid: extra!.uid,
      })
      .returning({ id: users.id });
    for (const id of [staffRow!.id, shared!.id]) {
      for (const url of ['unlock-account', 'resend-invitation']) {
        const res = await call(url, 'admin', { id });
        expect(res.statusCode, `${id} ${url}`).toBe(403);
      }
    }
    // Staff themselves may (no lock held: nothing done).
    expect((await call('unlock-account', 'staff', { id: shared!.id })).json()).toEqual({
      id: shared!.id,
      lifted: false,
    });
  });

  it('a row that does not exist, or is deleted, is 404', async () => {
    const { mail } = await createAccount(t, 'state-deleted');
    const { id } = await rowOf(mail);
    expect((await call('delete-user', 'admin', { id })).statusCode).toBe(200);
    for (const target of [id, 999_999]) {
      expect((await call('unlock-account', 'staff', { id: target })).statusCode).toBe(404);
    }
  });
});
