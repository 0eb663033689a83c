import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { FIELD_PROBLEM_MESSAGES } from '../../domain/top-content';
import { bearer, cookieHeaderOf, signIn, signInRequest } from './helpers/auth';
import { identityCount, onFirebase, passwordScreenOf } from './helpers/identities';
import { deliveredMails } from './helpers/mail';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 2 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
  // A corporate administrator of another corporation (2001, customer 20001).
  const uid = await t.platform.identity.createIdentity({
    mail: 'admin2@example.com',
    name: '他社 管理者',
    password: 'Passw0rd!',
    mailVerified: true,
  });
  await t.database.db.insert(users).values({
    mail: 'admin2@example.com',
    user_name: '他社 管理者',
    customer_code: 20001,
    user_type_id: 1,
    firebase_uid: uid,
  });
  for (const who of ['staff', 'admin', 'admin2', 'user']) {
    tokens[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
});
afterAll(async () => t?.close());

type Actor = 'staff' | 'admin' | 'admin2' | 'user' | null;
const call = (method: 'POST' | 'PUT', url: string, who: Actor, payload: object) =>
  t.app.inject({
    method,
    url: `/api/v1/user/${url}`,
    payload,
    headers: who ? bearer(tokens[who]!) : {},
  });

const counts = async () => ({
  users: (await t.database.db.select({ n: count() }).from(users))[0]!.n,
  identities: await identityCount(t),
  audit: (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n,
});
const mailsOf = async (who: string) => (await deliveredMails(t)).filter((m) => m.to.includes(who));

describe('listing users', () => {
  it('who may list which customers’ users', async () => {
    const list = async (who: Actor, codes: number[]) =>
      call('POST', 'get-user-by-customer', who, { customer_code: codes, login_user_id: 99999 });
    const expectations: [Actor, number[], number][] = [
      ['staff', [10001], 200],
      ['staff', [20001], 200],
      ['admin', [10001], 200],
      ['admin', [10002], 200],
      ['admin', [20001], 403],
      ['admin', [99999], 403],
      ['admin2', [10001], 403],
      ['admin2', [20001], 200],
      ['user', [10001], 403],
      [null, [10001], 401],
    ];
    for (const [who, codes, status] of expectations) {
      const res = await list(who, codes);
      expect(res.statusCode, `${who} ${codes}`).toBe(status);
      if (status !== 200) expect(res.body).not.toContain('@example.com');
    }
    const mails = (await list('staff', [10001])).json().map((u: { mail: string }) => u.mail);
    expect(mails).toEqual(
      expect.arrayContaining(['admin@example.com', 'user@example.com', 'multi@example.com']),
    );
  });

  it('an administrator’s "show all" covers their corporation’s customers, never staff', async () => {
    const res = await call('POST', 'get-user-by-customer', 'admin', { customer_code: [] });
    const codes = new Set(res.json().map((u: { customer_code: number }) => u.customer_code));
    expect([...codes].sort()).toEqual([10001, 10002]);
    expect(res.json().every((u: { user_type_id: number }) => u.user_type_id !== 3)).toBe(true);
    // Staff must choose a customer first.
    expect(
      (await call('POST', 'get-user-by-customer', 'staff', { customer_code: [] })).json(),
    ).toEqual([]);
  });

  it('user types: staff see all three, BtoB and administrators only the customer types, users none', async () => {
    expect((await call('POST', 'get-all-user-type', 'staff', { user_id: 1 })).json()).toHaveLength(
      3,
    );
    const btob = (
      await call('POST', 'get-all-user-type', 'staff', { user_id: 1, user_group: 'BtoB' })
    ).json();
    expect(btob.map((t: { id: number }) => t.id)).toEqual([1, 2]);
    expect(
      (await call('POST', 'get-all-user-type', 'admin', { user_id: 1 }))
        .json()
        .map((t: { id: number }) => t.id),
    ).toEqual([1, 2]);
    expect((await call('POST', 'get-all-user-type', 'user', { user_id: 1 })).statusCode).toBe(403);
  });
});

describe('adding users', () => {
  it('refused adds write nothing', async () => {
    const before = await counts();
    const body = (code: number, type = 2) => ({
      mail: `refused-${code}@example.com`,
      user_name: '拒否',
      customer_code: code,
      user_type_id: type,
    });
    const cases: [Actor, object, number][] = [
      ['admin', body(20001), 403],
      ['admin', body(99999, 3), 403],
      ['admin2', body(10001), 403],
      ['user', body(10001), 403],
      [null, body(10001), 401],
      ['staff', body(10001, 3), 400],
      ['staff', body(99999, 2), 400],
      ['staff', { ...body(10001), mail: 'no-at-sign' }, 400],
      ['staff', { ...body(10001), user_name: ' ' }, 400],
      ['staff', body(55555), 400],
      ['staff', body(10001, 7), 400],
      ['staff', body(10001, 2_147_483_648), 400],
    ];
    for (const [who, payload, status] of cases) {
      const res = await call('POST', 'add-user', who, payload);
      expect(res.statusCode, `${who} ${JSON.stringify(payload)}`).toBe(status);
    }
    expect(await counts()).toEqual(before);
  });

  it('staff add a new person: identity, row and an invitation whose link sets a password that signs in', async () => {
    const before = await counts();
    const res = await call('POST', 'add-user', 'staff', {
      mail: 'New.Person@example.com',
      user_name: '新規 太郎',
      customer_code: 20001,
      customer_name: 'ignored',
      user_type_id: 2,
      login_user_id: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mail: 'new.person@example.com',
      customer_code: 20001,
      is_new_account: true,
      invitation_sent: true,
    });
    const after = await counts();
    expect(after.users).toBe(before.users + 1);
    expect(after.identities).toBe(before.identities + 1);
    expect(after.audit).toBe(before.audit + 1);

    const [mail] = await mailsOf('new.person@example.com');
    expect(mail!.subject).toContain('アカウント登録');
    const landing = await passwordScreenOf(t, mail!.text);
    // The screen then speaks of registering, not of re-setting a password never had.
    expect(landing.pathname).toBe('/reset-password');
    expect(landing.searchParams.get('invitation')).toBe('1');
    const token = landing.searchParams.get('token');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'Fresh-pass1!' },
    });
    expect(set.statusCode).toBe(200);
    const signedIn = await signIn(t.app, 'new.person@example.com', 'Fresh-pass1!');
    const codes = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/get-all-customers',
      payload: {},
      headers: bearer(signedIn.token),
    });
    expect(codes.json()).toEqual([20001]);
  });

  it('an administrator adds an existing mail to another customer of the corporation: only the row', async () => {
    const before = await counts();
    const res = await call('POST', 'add-user', 'admin', {
      mail: 'user@example.com',
      user_name: '鈴木 花子',
      customer_code: 10002,
      user_type_id: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      is_new_account: false,
      invitation_sent: false,
      customer_code: 10002,
    });
    const after = await counts();
    expect(after.users).toBe(before.users + 1);
    expect(after.identities).toBe(before.identities);
    expect(await mailsOf('user@example.com')).toHaveLength(0);
  });

  it('a duplicate mail for the same customer answers 409 with a description naming the mail', async () => {
    const before = await counts();
    const res = await call('POST', 'add-user', 'admin', {
      mail: 'USER@example.com',
      user_name: 'x',
      customer_code: 10001,
      user_type_id: 2,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail.description).toContain('mail');
    expect(await counts()).toEqual(before);
  });

  it('a double submit creates one user only', async () => {
    const before = await counts();
    const payload = {
      mail: 'double@example.com',
      user_name: '二重 送信',
      customer_code: 10001,
      user_type_id: 2,
    };
    const answers = await Promise.all([
      call('POST', 'add-user', 'admin', payload),
      call('POST', 'add-user', 'admin', payload),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = await counts();
    expect(after.users).toBe(before.users + 1);
    expect(after.identities).toBe(before.identities + 1);
  });
});

// An administrator must not attach a row to anybody's identity by adding their mail (a staff
// account, a user of another corporation), nor see that identity's firebase_uid: a later delete of
// such a row would make the staff member's sign-in answer "account deleted".
describe('adding a mail that already has an account', () => {
  /** A person with a password and one user row. */
  const person = async (mail: string, customerCode: number, userTypeId = 2) => {
    const uid = await t.platform.identity.createIdentity({
      mail: mail,
      name: mail.split('@')[0]!,
      password: 'Passw0rd!',
      mailVerified: true,
    });
    await t.database.db.insert(users).values({
      mail,
      user_name: mail.split('@')[0]!,
      customer_code: customerCode,
      user_type_id: userTypeId,
      firebase_uid: uid,
    });
    return uid;
  };
  const rowsOf = (mail: string) =>
    t.database.db.select().from(users).where(eq(users.mail, mail)).orderBy(users.customer_code);
  const userRecord = (token: string, customerCode: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user/get-firebase-user-by-id',
      payload: { customer_code: customerCode },
      headers: bearer(token),
    });
  const add = (who: Actor, mail: string, customerCode = 10002) =>
    call('POST', 'add-user', who, {
      mail,
      user_name: '追加 太郎',
      customer_code: customerCode,
      user_type_id: 2,
    });
  const expectRefused = (res: { statusCode: number; json(): unknown }, uid: string) => {
    expect(res.statusCode).toBe(409);
    const answer = res.json() as { code: string; message: string; detail: { description: string } };
    expect(answer.code).toBe('MAIL_HELD_ELSEWHERE');
    // The screen marks the mail cell (docs/product.md §8: a 409 whose description mentions mail).
    expect(answer.detail.description).toMatch(/^mail: /);
    expect(answer.message).toContain('追加できません');
    expect(JSON.stringify(answer)).not.toContain(uid);
  };

  it('an administrator cannot attach the staff account, however the mail is written; nothing is written and staff still sign in', async () => {
    const staffUid = (await signIn(t.app, 'staff@example.com')).uid;
    const before = await counts();
    for (const mail of ['staff@example.com', 'STAFF@Example.com ', ' Staff@EXAMPLE.COM']) {
      expectRefused(await add('admin', mail), staffUid);
    }
    expect(await counts()).toEqual(before);
    expect((await rowsOf('staff@example.com')).map((r) => r.customer_code)).toEqual([99999]);
    // Nothing the administrator could delete: staff sign in and act for 10002 as staff.
    const listed = await call('POST', 'get-user-by-customer', 'admin', { customer_code: [] });
    expect(listed.body).not.toContain('staff@example.com');
    const { token } = await signIn(t.app, 'staff@example.com');
    for (const code of [99999, 10002]) {
      const record = await userRecord(token, code);
      expect(record.statusCode, `${code} ${record.body}`).toBe(200);
      expect(record.json()).toEqual([
        expect.objectContaining({ mail: 'staff@example.com', user_type_id: 3 }),
      ]);
    }
  });

  it('an administrator cannot attach a user of another corporation; the answer names no identity', async () => {
    const otherUid = (await signIn(t.app, 'other@example.com')).uid;
    // Signed in before counting: a sign-in is an audit event of its own (auth.sign-in).
    const userUid = (await signIn(t.app, 'user@example.com')).uid;
    const before = await counts();
    for (const mail of ['other@example.com', 'Other@Example.COM ']) {
      expectRefused(await add('admin', mail), otherUid);
    }
    // The same the other way round: corporation 2001's administrator and a user of 1001.
    expectRefused(await add('admin2', 'user@example.com', 20001), userUid);
    expect(await counts()).toEqual(before);
    expect((await rowsOf('other@example.com')).map((r) => r.customer_code)).toEqual([20001]);
  });

  it('a mail whose only rows are another corporation’s (deleted or without an identity) is refused too', async () => {
    const gone = 'gone-elsewhere@example.com';
    const goneUid = await person(gone, 20001);
    await t.database.db.update(users).set({ delete_flag: true }).where(eq(users.mail, gone));
    await t.database.db.insert(users).values({
      mail: 'no-identity@example.com',
      user_name: '未登録',
      customer_code: 20001,
      user_type_id: 2,
    });
    const before = await counts();
    expectRefused(await add('admin', gone), goneUid);
    const res = await add('admin', 'no-identity@example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('MAIL_HELD_ELSEWHERE');
    expect(await counts()).toEqual(before);
  });

  it('an administrator still adds a person of their own corporation to another of its customers', async () => {
    const uid = await person('insider@example.com', 10001);
    const res = await add('admin', ' Insider@Example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      mail: 'insider@example.com',
      customer_code: 10002,
      firebase_uid: uid,
      is_new_account: false,
    });
    expect((await rowsOf('insider@example.com')).map((r) => r.customer_code)).toEqual([
      10001, 10002,
    ]);
  });

  it('staff attach any existing account as before; an administrator never sees a staff identity', async () => {
    const outsiderUid = await person('outsider@example.com', 20001);
    const outsider = await add('staff', 'Outsider@example.com');
    expect(outsider.statusCode, outsider.body).toBe(200);
    expect(outsider.json()).toMatchObject({ firebase_uid: outsiderUid, is_new_account: false });

    // A staff account given a customer's row by staff (their decision): the administrator of that
    // customer lists and edits the row, but the staff identity's uid stays hidden from them.
    const staff2Uid = await person('staff2@example.com', 99999, 3);
    const staffRow = await add('staff', 'staff2@example.com');
    expect(staffRow.statusCode, staffRow.body).toBe(200);
    expect(staffRow.json().firebase_uid).toBe(staff2Uid);
    const listedByStaff = await call('POST', 'get-user-by-customer', 'staff', {
      customer_code: [10002],
    });
    expect(listedByStaff.body).toContain(staff2Uid);
    expect(listedByStaff.body).toContain(outsiderUid);
    const listed = await call('POST', 'get-user-by-customer', 'admin', { customer_code: [10002] });
    expect(listed.statusCode).toBe(200);
    const row = listed.json().find((u: { mail: string }) => u.mail === 'staff2@example.com');
    expect(row).toMatchObject({ customer_code: 10002, firebase_uid: null });
    expect(listed.body).not.toContain(staff2Uid);
    // outsider@ is now a user of corporation 1001 too: their uid is the corporation's to see.
    expect(listed.body).toContain(outsiderUid);
    const renamed = await call('PUT', 'update-user', 'admin', {
      id: row.id,
      mail: 'staff2@example.com',
      user_name: '社内 担当',
      customer_code: 10002,
      user_type_id: 2,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().firebase_uid).toBeNull();
    expect(renamed.body).not.toContain(staff2Uid);
    // Being on a customer's row does not make the staff account the corporation's to attach.
    expectRefused(await add('admin', 'staff2@example.com', 10001), staff2Uid);
  });
});

describe('updating and deleting users', () => {
  const rowOf = async (mail: string, code: number) =>
    (
      await t.database.db
        .select()
        .from(users)
        .where(and(eq(users.mail, mail), eq(users.customer_code, code)))
    )[0]!;

  it('moving a row to a customer the mail already has answers 409 naming the customer code', async () => {
    const multi10002 = await rowOf('multi@example.com', 10002);
    const res = await call('PUT', 'update-user', 'admin', {
      id: multi10002.id,
      mail: 'multi@example.com',
      user_name: '高橋 誠',
      customer_code: 10001,
      user_type_id: 2,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail.description).not.toContain('mail');
    expect((await rowOf('multi@example.com', 10002)).customer_code).toBe(10002);
  });

  it('an administrator changes a user’s permission; others cannot; staff rows are out of their reach', async () => {
    const target = await rowOf('multi@example.com', 10001);
    const body = {
      id: target.id,
      mail: 'multi@example.com',
      user_name: '高橋 誠',
      customer_code: 10001,
      user_type_id: 1,
    };
    expect((await call('PUT', 'update-user', 'user', body)).statusCode).toBe(403);
    expect((await call('PUT', 'update-user', 'admin2', body)).statusCode).toBe(403);
    expect((await rowOf('multi@example.com', 10001)).user_type_id).toBe(2);
    const ok = await call('PUT', 'update-user', 'admin', body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user_type_id).toBe(1);

    const staffRow = await rowOf('staff@example.com', 99999);
    const staffBody = {
      id: staffRow.id,
      mail: 'staff@example.com',
      user_name: 'x',
      customer_code: 99999,
      user_type_id: 3,
    };
    expect((await call('PUT', 'update-user', 'admin', staffBody)).statusCode).toBe(403);
    expect((await call('PUT', 'update-user', 'admin', { ...body, id: 987654 })).statusCode).toBe(
      404,
    );
  });

  it('delete is soft, refused for others, and ends the person’s access and sessions', async () => {
    const signInRes = await signInRequest(t.app, 'other@example.com', 'Passw0rd!');
    const cookie = cookieHeaderOf(signInRes.headers['set-cookie']);
    const { token } = (
      await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } })
    ).json();
    const target = await rowOf('other@example.com', 20001);

    for (const who of ['admin', 'user'] as const) {
      expect((await call('PUT', 'delete-user', who, { id: target.id })).statusCode).toBe(403);
    }
    expect((await rowOf('other@example.com', 20001)).delete_flag).toBe(false);

    const res = await call('PUT', 'delete-user', 'admin2', { id: target.id, login_user_id: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: target.id, delete_flag: true });
    expect((await rowOf('other@example.com', 20001)).delete_flag).toBe(true);

    const codes = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/get-all-customers',
      payload: {},
      headers: bearer(token),
    });
    expect(codes.statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } }))
        .statusCode,
    ).toBe(401);
    expect((await call('PUT', 'delete-user', 'admin2', { id: target.id })).statusCode).toBe(404);
    const entry = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.entity_id, String(target.id))));
    expect(entry).toHaveLength(1);
  });

  it('a deleted user added again comes back: the same row, the new name and permission, their own password', async () => {
    const mail = 'comeback@example.com';
    const uid = await t.platform.identity.createIdentity({
      mail: mail,
      name: '復帰 太郎',
      password: 'Passw0rd!',
      mailVerified: true,
    });
    await t.database.db.insert(users).values({
      mail,
      user_name: '復帰 太郎',
      customer_code: 10002,
      user_type_id: 2,
      firebase_uid: uid,
    });
    const row = await rowOf(mail, 10002);
    expect((await call('PUT', 'delete-user', 'admin', { id: row.id })).statusCode).toBe(200);
    const customersOf = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/get-all-customers',
        payload: {},
        headers: bearer(token),
      });
    if (onFirebase()) {
      // Their last row gone, the Firebase account is disabled (docs/decisions/011): the password
      // is not usable anywhere, and the sign-in is refused as a wrong one.
      expect((await signInRequest(t.app, mail, 'Passw0rd!')).statusCode).toBe(401);
    } else {
      // docs/product.md §8: the deleted person is told to ask their administrator to be added again.
      expect((await customersOf((await signIn(t.app, mail)).token)).statusCode).toBe(409);
    }

    const body = { mail, user_name: '復帰 太郎（再登録）', customer_code: 10002, user_type_id: 1 };
    for (const who of ['admin2', 'user'] as const) {
      expect((await call('POST', 'add-user', who, body)).statusCode).toBe(403);
    }
    expect((await rowOf(mail, 10002)).delete_flag).toBe(true);
    const before = await counts();
    const res = await call('POST', 'add-user', 'admin', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: row.id,
      user_name: '復帰 太郎（再登録）',
      user_type_id: 1,
      is_new_account: false,
      invitation_sent: false,
    });
    expect(await counts()).toEqual({ ...before, audit: before.audit + 1 });
    expect(await mailsOf(mail)).toHaveLength(0);
    const restored = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.restore'), eq(auditLog.entity_id, String(row.id))));
    expect(restored).toHaveLength(1);
    // Back in with their own password, and in the list; adding them once more is a duplicate.
    expect((await customersOf((await signIn(t.app, mail)).token)).statusCode).toBe(200);
    const listed = await call('POST', 'get-user-by-customer', 'admin', { customer_code: [10002] });
    expect(listed.json().map((u: { mail: string }) => u.mail)).toContain(mail);
    expect((await call('POST', 'add-user', 'admin', body)).statusCode).toBe(409);
  });

  it('a row moves to a customer where its mail was deleted; the deleted row makes room', async () => {
    const mail = 'mover@example.com';
    for (const code of [10001, 10002]) {
      const res = await call('POST', 'add-user', 'admin', {
        mail,
        user_name: '移動 花子',
        customer_code: code,
        user_type_id: 2,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const old10002 = await rowOf(mail, 10002);
    expect((await call('PUT', 'delete-user', 'admin', { id: old10002.id })).statusCode).toBe(200);
    const row = await rowOf(mail, 10001);
    const res = await call('PUT', 'update-user', 'admin', {
      id: row.id,
      mail,
      user_name: '移動 花子',
      customer_code: 10002,
      user_type_id: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, customer_code: 10002 });
    const rows = await t.database.db.select().from(users).where(eq(users.mail, mail));
    expect(rows.map((r) => [r.id, r.customer_code, r.delete_flag])).toEqual([
      [row.id, 10002, false],
    ]);
    const purged = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.purge'), eq(auditLog.entity_id, String(old10002.id))));
    expect(purged).toHaveLength(1);
  });

  it('an administrator cannot delete themselves', async () => {
    const self = await rowOf('admin@example.com', 10001);
    expect((await call('PUT', 'delete-user', 'admin', { id: self.id })).statusCode).toBe(400);
  });

  it('a manager cannot take their own permission or customer away, but may rename themselves', async () => {
    const self = await rowOf('admin@example.com', 10001);
    const body = {
      id: self.id,
      mail: 'admin@example.com',
      user_name: self.user_name,
      customer_code: 10001,
      user_type_id: 1,
    };
    const demoted = await call('PUT', 'update-user', 'admin', { ...body, user_type_id: 2 });
    expect(demoted.statusCode).toBe(400);
    expect(demoted.json().fieldErrors).toEqual([
      { field: 'user_type_id', message: 'ご自身の権限は変更できません。' },
    ]);
    const moved = await call('PUT', 'update-user', 'admin', { ...body, customer_code: 10002 });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors[0].field).toBe('customer_code');
    expect(await rowOf('admin@example.com', 10001)).toMatchObject({
      user_type_id: 1,
      customer_code: 10001,
    });

    const renamed = await call('PUT', 'update-user', 'admin', {
      ...body,
      user_name: '東 和也（本社）',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await rowOf('admin@example.com', 10001)).user_name).toBe('東 和也（本社）');
  });
});

describe('user names', () => {
  /** Names that would put a second line, a link or hidden text into the mails a person gets. */
  const REFUSED = [
    '山田\n太郎',
    '山田\r\n至急ご確認ください',
    '山田\t太郎',
    '山田\u2028太郎',
    '山田 \u202Eabc',
    'ご確認は https://evil.example.net/login',
    'HTTP://EVIL.EXAMPLE',
    'ｈｔｔｐｓ：／／ｅｖｉｌ．ｅｘａｍｐｌｅ',
    'www.evil-portal.example',
    '詳細は evil-portal.com へ',
    'ｅｖｉｌ．ｊｐ',
    'support@evil.example.jp',
  ];

  it('a name of more than one line, or with a URL, is refused naming the field; nothing is written', async () => {
    const before = await counts();
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.mail, 'user@example.com'), eq(users.customer_code, 10001)));
    for (const user_name of REFUSED) {
      const add = await call('POST', 'add-user', 'staff', {
        mail: 'one-line@example.com',
        user_name,
        customer_code: 10001,
        user_type_id: 2,
      });
      expect(add.statusCode, JSON.stringify(user_name)).toBe(400);
      expect(add.json().fieldErrors).toEqual([
        { field: 'user_name', message: FIELD_PROBLEM_MESSAGES.notOneLine },
      ]);
      const update = await call('PUT', 'update-user', 'admin', {
        id: row!.id,
        mail: row!.mail,
        user_name,
        customer_code: row!.customer_code,
        user_type_id: row!.user_type_id,
      });
      expect(update.statusCode, JSON.stringify(user_name)).toBe(400);
      expect(update.json().fieldErrors[0]).toEqual({
        field: 'user_name',
        message: FIELD_PROBLEM_MESSAGES.notOneLine,
      });
    }
    expect(await counts()).toEqual(before);
    expect(await mailsOf('one-line@example.com')).toEqual([]);
  });

  it('ordinary names, Latin ones with dots included, are taken', async () => {
    for (const [i, user_name] of [
      '山田 太郎',
      'J. Smith',
      'T.Yamada',
      '株式会社東和ルーフ 大阪営業所 山田',
    ].entries()) {
      const res = await call('POST', 'add-user', 'staff', {
        mail: `plain-name-${i}@example.com`,
        user_name,
        customer_code: 10001,
        user_type_id: 2,
      });
      expect(res.statusCode, user_name).toBe(200);
    }
  });

  it('the invitation opens with the portal’s own words; the name is shown as data', async () => {
    const res = await call('POST', 'add-user', 'staff', {
      mail: 'name-as-data@example.com',
      user_name: '招待 花子',
      customer_code: 10001,
      user_type_id: 2,
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsOf('name-as-data@example.com');
    const lines = mail!.text.split(/\r?\n/);
    expect(lines[0]).not.toContain('招待 花子');
    expect(lines[0]).toContain(t.config.WEB_TITLE);
    expect(lines).toContain('お名前（登録内容）: 招待 花子');
  });
});
