import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerItems, mailOutbox, users } from '../../db/schema';
import { apiErrorSchema } from '../../domain/api-error';
import { createUser } from './helpers/accounts';
import { bearer, signIn } from './helpers/auth';
import { deliveredMails } from './helpers/mail';
import { tableDigests } from './helpers/table-digests';
import { createTestApp, type TestApp } from './helpers/test-app';

// Inquiries on order lines (docs/decisions/032): asking about lines, the thread, states,
// assignment, files and who sees what; the refusals of bad input write nothing.

let t: TestApp;
const token = {} as Record<'user' | 'admin' | 'multi' | 'other' | 'staff', string>;
type Line = typeof ledgerItems.$inferSelect;
let backlog: Line[];
let lineOf10002: Line;
let lineOf20001: Line;

/** The smallest PNG (1×1), as a phone photo would be read: its type is in its first bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n',
  'latin1',
);

const keyOf = (l: Line) => ({
  sale_order_no: l.sale_order_no,
  sale_order_line_no: l.sale_order_line_no,
  delivery_no: l.delivery_no,
  delivery_line_no: l.delivery_line_no,
});
const file = (name: string, bytes: Buffer) => ({
  file_name: name,
  content_base64: bytes.toString('base64'),
});

const INQUIRY_TABLES = [
  'inquiries',
  'inquiry_lines',
  'inquiry_messages',
  'inquiry_attachments',
  'audit_log',
  'mail_outbox',
];

function call(
  who: keyof typeof token,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/v1/inquiries${url}`,
    payload,
    headers: bearer(token[who]),
  });
}

async function ask(who: keyof typeof token, lines: Line[], extra: object = {}) {
  const res = await call(who, 'POST', '', {
    category: 'delivery-date',
    text: 'この明細はいつ出荷されますか。',
    lines: lines.map(keyOf),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

beforeAll(async () => {
  t = await createTestApp({ seed: { ledgerLinesPerCustomer: 30 } });
  for (const who of ['user', 'admin', 'multi', 'other', 'staff'] as const) {
    token[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
  const rows = await t.database.db
    .select()
    .from(ledgerItems)
    .where(and(eq(ledgerItems.customer_code, 10001), eq(ledgerItems.status, '受注残')));
  // Two lines of one order when the seed has them, else one.
  const byOrder = new Map<string, Line[]>();
  for (const r of rows) byOrder.set(r.sale_order_no, [...(byOrder.get(r.sale_order_no) ?? []), r]);
  backlog = [...byOrder.values()].sort((a, b) => b.length - a.length)[0]!;
  const firstLineOf = async (code: number) =>
    (
      await t.database.db
        .select()
        .from(ledgerItems)
        .where(eq(ledgerItems.customer_code, code))
        .limit(1)
    )[0]!;
  lineOf10002 = await firstLineOf(10002);
  lineOf20001 = await firstLineOf(20001);
});
afterAll(async () => t?.close());

describe('asking about order lines', () => {
  it("gives the form the lines of the order of a line, in line order, and refuses another customer's line", async () => {
    const [first] = backlog;
    const query = new URLSearchParams({
      sale_order_no: first!.sale_order_no,
      sale_order_line_no: String(first!.sale_order_line_no),
      delivery_no: first!.delivery_no,
      delivery_line_no: String(first!.delivery_line_no),
    });
    const res = await call('user', 'GET', `/order-lines?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const order = await t.database.db
      .select()
      .from(ledgerItems)
      .where(
        and(
          eq(ledgerItems.customer_code, 10001),
          eq(ledgerItems.sale_order_no, first!.sale_order_no),
        ),
      );
    const lines = res.json().lines as { sale_order_line_no: number; item_name: string }[];
    expect(lines.map((l) => l.sale_order_line_no)).toEqual(
      order.map((l) => l.sale_order_line_no).sort((a, b) => a - b),
    );
    expect(lines[0]).toMatchObject({
      sale_order_no: first!.sale_order_no,
      quantity: expect.any(Number),
    });

    const other = new URLSearchParams({
      sale_order_no: lineOf20001.sale_order_no,
      sale_order_line_no: String(lineOf20001.sale_order_line_no),
      delivery_no: lineOf20001.delivery_no,
      delivery_line_no: String(lineOf20001.delivery_line_no),
    });
    expect((await call('user', 'GET', `/order-lines?${other}`)).statusCode).toBe(403);
    const missing = await call(
      'user',
      'GET',
      '/order-lines?sale_order_no=NONE&sale_order_line_no=1',
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('指定された明細が見つかりません。');
  });

  it('a general user asks about a backlog line with a photo; the thread shows it, staff get a mail', async () => {
    const res = await call('user', 'POST', '', {
      category: 'delivery-change',
      wished_date: '2026-12-10',
      text: '現場の都合で、12月10日の納品にできますか。',
      lines: backlog.slice(0, 2).map(keyOf),
      attachments: [file('現場写真.png', PNG), file('図面.pdf', PDF)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as number;

    const thread = await call('user', 'GET', `/${id}`);
    expect(thread.statusCode).toBe(200);
    const body = thread.json();
    expect(body).toMatchObject({
      customer_code: 10001,
      sale_order_no: backlog[0]!.sale_order_no,
      category: 'delivery-change',
      state: 'open',
      wished_date: '2026-12-10',
      agreed_date: null,
      requester: { name: '鈴木 花子' },
    });
    expect(body.lines).toHaveLength(Math.min(2, backlog.length));
    expect(body.messages).toHaveLength(1);
    expect(
      body.messages[0].attachments.map((a: { file_name: string; content_type: string }) => [
        a.file_name,
        a.content_type,
      ]),
    ).toEqual([
      ['現場写真.png', 'image/png'],
      ['図面.pdf', 'application/pdf'],
    ]);
    expect(body.can.set_states).toEqual(['closed']);

    // The file comes back byte for byte through the signed link.
    const link = await call(
      'user',
      'GET',
      `/${id}/attachments/${body.messages[0].attachments[0].id}/url`,
    );
    expect(link.statusCode, link.body).toBe(200);
    const download = await t.app.inject({
      method: 'GET',
      url:
        new URL(link.json().url, 'http://x').pathname + new URL(link.json().url, 'http://x').search,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);

    const mails = await deliveredMails(t);
    const staffMail = mails.find(
      (m) => m.to.includes('staff@example.com') && m.text.includes(`/inquiries/${id}`),
    );
    expect(staffMail?.subject).toContain('新しいお問い合わせ');

    const [event] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inquiry.create'), eq(auditLog.entity_id, String(id))));
    expect(event).toMatchObject({ customer_code: 10001, actor_mail: 'user@example.com' });
  });

  const bad: [string, () => object, number, string][] = [
    ['an empty text', () => ({ text: '   ' }), 400, '内容を入力してください。'],
    ['a text over 2,000 characters', () => ({ text: 'あ'.repeat(2001) }), 400, '2,000文字以内'],
    [
      'four attachments',
      () => ({ attachments: [1, 2, 3, 4].map((n) => file(`${n}.png`, PNG)) }),
      400,
      '3件まで',
    ],
    [
      'an attachment over 10 MB',
      () => ({
        attachments: [file('big.png', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]))],
      }),
      400,
      '10MBまで',
    ],
    [
      'a text file named as a photo',
      () => ({ attachments: [file('photo.jpg', Buffer.from('hello'))] }),
      400,
      'PDF だけ',
    ],
    ['a line of another customer', () => ({ lines: [keyOf(lineOf20001)] }), 403, ''],
    [
      'a line that does not exist',
      () => ({ lines: [{ ...keyOf(backlog[0]!), sale_order_line_no: 99999 }] }),
      400,
      '明細が見つかりません',
    ],
    [
      'a change request without a wished date',
      () => ({ category: 'delivery-change' }),
      400,
      '希望納期',
    ],
  ];
  for (const [what, extra, status, message] of bad) {
    it(`${what} is refused with a Japanese message and writes nothing`, async () => {
      const before = await tableDigests(t.database.db, INQUIRY_TABLES);
      const res = await call('user', 'POST', '', {
        category: 'other',
        text: '確認をお願いします。',
        lines: [keyOf(backlog[0]!)],
        ...extra(),
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(apiErrorSchema.strict().safeParse(res.json()).success).toBe(true);
      expect(JSON.stringify(res.json())).toContain(message);
      expect(await tableDigests(t.database.db, INQUIRY_TABLES)).toEqual(before);
    });
  }

  it('lines of two orders in one request are refused', async () => {
    const [otherOrder] = await t.database.db
      .select()
      .from(ledgerItems)
      .where(eq(ledgerItems.customer_code, 10001));
    const lines = [backlog[0]!, otherOrder!].filter(
      (l, i, all) => i === 0 || l.sale_order_no !== all[0]!.sale_order_no,
    );
    if (lines.length < 2) return;
    const res = await call('user', 'POST', '', {
      category: 'other',
      text: 'x',
      lines: lines.map(keyOf),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('同じ注文');
  });
});

describe('the thread between the customer and staff', () => {
  it('staff answer with a date, the customer sees it and closes the request', async () => {
    const id = await ask('user', [backlog[0]!], {
      category: 'delivery-change',
      wished_date: '2026-12-20',
    });

    const reply = await call('staff', 'POST', `/${id}/messages`, {
      text: '12月18日でお届けできます。',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const set = await call('staff', 'PUT', `/${id}/state`, {
      state: 'answered',
      agreed_date: '2026-12-18',
    });
    expect(set.json()).toEqual({ state: 'answered', agreed_date: '2026-12-18' });

    const seen = (await call('user', 'GET', `/${id}`)).json();
    expect(seen.state).toBe('answered');
    expect(seen.agreed_date).toBe('2026-12-18');
    expect(
      seen.messages.map((m: { author: { staff: boolean; name: string } }) => [
        m.author.staff,
        m.author.name,
      ]),
    ).toEqual([
      [false, '鈴木 花子'],
      [true, '港 健一'],
    ]);

    const mails = await deliveredMails(t);
    expect(
      mails.some(
        (m) =>
          m.to.includes('user@example.com') &&
          m.subject.includes('回答') &&
          m.text.includes(`/inquiries/${id}`),
      ),
    ).toBe(true);

    // The customer may not set a staff state, nor an agreed date.
    expect((await call('user', 'PUT', `/${id}/state`, { state: 'in-progress' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('user', 'PUT', `/${id}/state`, { state: 'closed', agreed_date: '2026-12-01' }))
        .statusCode,
    ).toBe(403);
    const closed = await call('user', 'PUT', `/${id}/state`, { state: 'closed' });
    expect(closed.json()).toEqual({ state: 'closed', agreed_date: '2026-12-18' });
    // …and reopen it: it waits for staff again.
    expect((await call('user', 'PUT', `/${id}/state`, { state: 'open' })).json().state).toBe(
      'open',
    );

    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(id)));
    expect(actions.map((a) => a.action).sort()).toEqual(
      [
        'inquiry.create',
        'inquiry.message',
        'inquiry.state',
        'inquiry.state',
        'inquiry.state',
      ].sort(),
    );
  });

  it('a customer reply on an answered request puts it back before staff', async () => {
    const id = await ask('user', [backlog[0]!]);
    await call('staff', 'POST', `/${id}/messages`, { text: '来週出荷予定です。' });
    expect((await call('user', 'GET', `/${id}`)).json().state).toBe('answered');
    await call('user', 'POST', `/${id}/messages`, { text: '曜日も教えてください。' });
    expect((await call('staff', 'GET', `/${id}`)).json().state).toBe('in-progress');
  });

  it('staff assign a request to a staff member; nobody else may, nor to a customer', async () => {
    const id = await ask('user', [backlog[0]!]);
    const staff = (await call('staff', 'GET', '/staff')).json() as { user_id: number }[];
    expect(staff.length).toBeGreaterThan(0);
    expect((await call('user', 'GET', '/staff')).statusCode).toBe(403);
    expect(
      (await call('user', 'PUT', `/${id}/assignee`, { assigned_user_id: staff[0]!.user_id }))
        .statusCode,
    ).toBe(403);
    const customerRow = (await call('user', 'GET', `/${id}`)).json().requester.user_id;
    const refused = await call('staff', 'PUT', `/${id}/assignee`, {
      assigned_user_id: customerRow,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('スタッフ');
    const res = await call('staff', 'PUT', `/${id}/assignee`, {
      assigned_user_id: staff[0]!.user_id,
    });
    expect(res.statusCode).toBe(200);
    const list = (await call('staff', 'GET', `?assigned=${staff[0]!.user_id}`)).json();
    expect(list.inquiries.map((i: { id: number }) => i.id)).toContain(id);
    expect(
      list.inquiries.every(
        (i: { assigned: { user_id: number } }) => i.assigned.user_id === staff[0]!.user_id,
      ),
    ).toBe(true);
  });
});

describe('who sees which requests', () => {
  it('general users their customers, administrators their corporation, staff all with filters', async () => {
    const own = await ask('user', [backlog[0]!], { text: '屋根材の色違いの件' });
    const sameCorp = await ask('multi', [lineOf10002], {
      category: 'reissue',
      text: '請求書を再発行してください',
    });
    const foreign = await ask('other', [lineOf20001]);

    const ids = async (who: keyof typeof token, query = '') =>
      ((await call(who, 'GET', query)).json().inquiries as { id: number }[]).map((i) => i.id);
    expect(await ids('user')).toContain(own);
    expect(await ids('user')).not.toContain(sameCorp);
    expect(await ids('user')).not.toContain(foreign);
    expect(await ids('admin')).toEqual(expect.arrayContaining([own, sameCorp]));
    expect(await ids('admin')).not.toContain(foreign);
    expect(await ids('other')).toEqual([foreign]);

    expect(await ids('staff')).toEqual(expect.arrayContaining([own, sameCorp, foreign]));
    expect(await ids('staff', '?category=reissue')).toEqual([sameCorp]);
    expect(await ids('staff', '?customer_code=20001')).toEqual([foreign]);
    expect(await ids('staff', `?keyword=${encodeURIComponent('色違い')}`)).toEqual([own]);
    expect(await ids('staff', '?state=closed')).not.toContain(own);

    // The thread and its files: another customer is refused, even knowing the ids.
    expect((await call('other', 'GET', `/${own}`)).statusCode).toBe(403);
    expect((await call('user', 'GET', '?customer_code=20001')).statusCode).toBe(403);

    const count = (await call('staff', 'GET', '/open-count')).json().open;
    expect(count).toBeGreaterThanOrEqual(3);
    expect((await call('user', 'GET', '/open-count')).json().open).toBe(0);
  });

  it('another customer never obtains an attachment link; an id of another request finds nothing', async () => {
    const withFile = await ask('user', [backlog[0]!], { attachments: [file('写真.png', PNG)] });
    const attachmentId = (await call('user', 'GET', `/${withFile}`)).json().messages[0]
      .attachments[0].id;
    const other = await ask('other', [lineOf20001]);

    const refused = await call('other', 'GET', `/${withFile}/attachments/${attachmentId}/url`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('download');
    // Through its own request's id: the file is not of that request.
    const crossed = await call('other', 'GET', `/${other}/attachments/${attachmentId}/url`);
    expect(crossed.statusCode).toBe(404);
    expect(
      (await call('staff', 'GET', `/${withFile}/attachments/${attachmentId}/url`)).statusCode,
    ).toBe(200);
  });
});

describe('mails and the people behind a request', () => {
  it('once assigned, a customer reply mails the assigned staff member only', async () => {
    const id = await ask('user', [backlog[0]!]);
    const staffRow = (await call('staff', 'GET', '/staff')).json()[0].user_id as number;
    await call('staff', 'PUT', `/${id}/assignee`, { assigned_user_id: staffRow });
    await deliveredMails(t);
    await t.database.db.delete(mailOutbox);
    const marker = `追記 ${id}`;
    expect((await call('user', 'POST', `/${id}/messages`, { text: marker })).statusCode).toBe(200);
    const outbox = await t.database.db.select().from(mailOutbox);
    expect(outbox.map((m) => m.to_address)).toEqual(['staff@example.com']);
    expect(outbox[0]!.subject).toContain('返信');
    expect(outbox[0]!.text_body).toContain(`/inquiries/${id}`);
  });

  it('a request stays readable when its requester’s user row is removed for good', async () => {
    const creator = await createUser(t, {
      mail: 'inquiry-leaver@example.com',
      name: '退職 次郎',
      customerCode: 10001,
      userType: 2,
    });
    expect(creator).toBeTruthy();
    const leaver = (await signIn(t.app, 'inquiry-leaver@example.com')).token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/inquiries',
      payload: { category: 'other', text: '退職前の問い合わせ', lines: [keyOf(backlog[0]!)] },
      headers: bearer(leaver),
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.database.db.delete(users).where(eq(users.mail, 'inquiry-leaver@example.com'));
    const thread = (await call('staff', 'GET', `/${res.json().id}`)).json();
    expect(thread.requester).toMatchObject({ user_id: null, name: '退職 次郎' });
    expect(thread.messages[0].author).toMatchObject({ user_id: null, name: '退職 次郎' });
  });
});

describe('the inquiry mail setting on the account page', () => {
  const setInquiryMail = (on: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/notifications',
      payload: { notifications: [{ customer_code: 10001, inquiry_mail: on }] },
      headers: bearer(token.multi),
    });
  const mailsAbout = async (id: number, to: string) =>
    (await deliveredMails(t)).filter(
      (m) => m.to.includes(to) && m.text.includes(`/inquiries/${id}`),
    );

  it('a person who turned inquiry mails off gets none on a staff reply; back on, they do', async () => {
    const off = await setInquiryMail(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().customers).toContainEqual(
      expect.objectContaining({ customer_code: 10001, inquiry_mail: false }),
    );
    const id = await ask('multi', [backlog[0]!]);
    const reply = await call('staff', 'POST', `/${id}/messages`, { text: '確認いたします。' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await mailsAbout(id, 'multi@example.com')).toEqual([]);
    // Staff still hear of the request itself.
    expect((await mailsAbout(id, 'staff@example.com')).length).toBeGreaterThan(0);

    expect((await setInquiryMail(true)).statusCode).toBe(200);
    await call('staff', 'POST', `/${id}/messages`, { text: '12月18日でお届けできます。' });
    const mails = await mailsAbout(id, 'multi@example.com');
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('回答')]);
  });
});
