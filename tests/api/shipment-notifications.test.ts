import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { LedgerItem } from '../../domain/api/ledger';
import { LEDGER_STATUS } from '../../domain/constants';
import { findLinks } from '../../server/mail/mail-links';
import type { MailFile } from '../support/mail-files';
import { bearer, signIn } from './helpers/auth';
import {
  createBacklogItem,
  createLedgerItem,
  insertLedgerItems,
  ledgerCsv,
} from './helpers/ledger-factory';
import { deliveredMails } from './helpers/mail';
import { createTestApp, type TestApp } from './helpers/test-app';

// Shipment notification mails (docs/decisions/014): an import that makes lines shipped
// tells each user of their customer with notifications on, once per customer and import, and never
// twice of one line; the mail's link shows exactly those lines to those who may see them; its
// unsubscribe link turns the mails off for that one user row.

let t: TestApp;
const tokens: Record<string, string> = {};
let seen = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
  for (const who of ['staff', 'user', 'other', 'multi']) {
    tokens[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
  seen = new Set((await deliveredMails(t)).map((m) => m.file));
});
afterAll(async () => t?.close());

async function importLines(lines: readonly LedgerItem[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/spec/import-ledger',
    payload: ledgerCsv(lines),
    headers: { ...bearer(tokens.staff!), 'content-type': 'text/csv; charset=utf-8' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The shipment mails written since the last call. */
async function newShipmentMails(): Promise<MailFile[]> {
  const mails = (await deliveredMails(t)).filter((m) => !seen.has(m.file));
  for (const mail of mails) seen.add(mail.file);
  return mails.filter((m) => m.subject.includes('出荷のお知らせ'));
}

const recipients = (mails: MailFile[]) =>
  mails.map((m) => m.to.replace(/.*</, '').replace(/>.*/, '')).sort();

const ordersLinkOf = (mail: MailFile) => {
  const link = findLinks(mail.text).find((l) => l.includes('/orders?notification='));
  expect(link, mail.text).toBeDefined();
  const url = new URL(link!);
  return {
    notification: Number(url.searchParams.get('notification')),
    customer: Number(url.searchParams.get('customer')),
    url,
  };
};

const search = (who: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/spec/search-result-ledgerItem',
    payload: body,
    headers: bearer(tokens[who]!),
  });

const setShipmentMail = (mail: string, customerCode: number, on: boolean) =>
  t.database.db
    .update(users)
    .set({ shipment_mail: on })
    .where(and(eq(users.mail, mail), eq(users.customer_code, customerCode)));

const CUSTOMER_10001 = [
  'admin@example.com',
  'multi@example.com',
  'unverified@example.com',
  'user@example.com',
];

describe('shipment notification mails of an import', () => {
  it('tells each user of a customer once of the lines the import made shipped, and of no other line', async () => {
    // Before the feature: a line shipped long ago and a backlog line that ships now.
    const shippedBefore = createLedgerItem({ item_name: 'OLD-SHIPPED-1' });
    const backlog = createBacklogItem({
      item_name: 'BACKLOG-TURNS',
      delivery_no: 'DN-TURN',
      delivery_line_no: 1,
    });
    const stillBacklog = createBacklogItem({ item_name: 'STILL-BACKLOG' });
    await insertLedgerItems(t.database.db, [shippedBefore, backlog, stillBacklog]);

    const turned: LedgerItem = {
      ...backlog,
      status: LEDGER_STATUS.shipped,
      shipped_date: '2026-11-20',
      expected_delivery_date: '2026-11-22',
      transportation: 'ヤマト運輸',
      shipping_label_number: '4123-4567-8901',
    };
    const fresh = createLedgerItem({
      item_name: 'NEW-SHIPPED-A',
      property_name: '鈴木様邸 改修工事',
      model_name: '雪止め金具 SG-50',
      quantity: 37,
      shipped_date: '2026-11-21',
      expected_delivery_date: '2026-11-24',
      transportation: '西濃運輸',
      shipping_label_number: '',
    });
    const otherCustomer = createLedgerItem({
      customer_code: 20001,
      item_name: 'NEW-SHIPPED-20001',
    });
    const newBacklog = createBacklogItem({ item_name: 'NEW-BACKLOG' });
    // The line shipped before changes (quantity): still shipped, not a shipment of this import.
    await importLines([
      { ...shippedBefore, quantity: 99 },
      turned,
      fresh,
      otherCustomer,
      newBacklog,
      stillBacklog,
    ]);

    const mails = await newShipmentMails();
    const of10001 = mails.filter((m) => m.text.includes('NEW-SHIPPED-A'));
    expect(recipients(of10001)).toEqual(CUSTOMER_10001);
    expect(recipients(mails.filter((m) => m.text.includes('NEW-SHIPPED-20001')))).toEqual([
      'other@example.com',
    ]);
    // One mail per user and customer: nobody else, nothing twice (staff hold no lines).
    expect(mails).toHaveLength(CUSTOMER_10001.length + 1);

    for (const mail of of10001) {
      expect(mail.subject).toBe(`【${t.config.WEB_TITLE}】出荷のお知らせ（2件）`);
      expect(mail.from).toContain(t.config.WEB_TITLE);
      expect(mail.text).toContain('BACKLOG-TURNS');
      expect(mail.text).not.toContain('OLD-SHIPPED-1');
      expect(mail.text).not.toContain('STILL-BACKLOG');
      expect(mail.text).not.toContain('NEW-BACKLOG');
      expect(mail.text).not.toContain('NEW-SHIPPED-20001');
      expect(mail.html).toContain('NEW-SHIPPED-A');
    }
    const mail = of10001.find((m) => m.to.includes('user@example.com'))!;
    // The name an administrator typed is data on a labelled line, not the mail's opening words.
    const [userRow] = await t.database.db
      .select({ name: users.user_name })
      .from(users)
      .where(eq(users.mail, 'user@example.com'));
    expect(mail.text.split('\n')[0]).toContain('のご注文について、出荷のお知らせです。');
    expect(mail.text.split('\n')).toContain(`お名前（登録内容）: ${userRow!.name}`);
    expect(mail.html).not.toMatch(/<body[^>]*>\s*<p>[^<]*様<\/p>/);
    // Every field the issue names, and the carrier's tracking link where the carrier is known.
    for (const part of [
      '鈴木様邸 改修工事',
      '雪止め金具 SG-50',
      '数量: 37',
      '出荷日: 2026-11-21',
      '納品予定日: 2026-11-24',
      '西濃運輸',
      '4123-4567-8901',
      '2026-11-20',
      '2026-11-22',
    ]) {
      expect(mail.text).toContain(part);
    }
    const tracking = findLinks(mail.text).filter((l) => l.includes('kuronekoyamato'));
    expect(tracking).toEqual([
      'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=412345678901',
    ]);
    const raw = await readFile(mail.file, 'utf8');
    expect(raw).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/[^>]+\/mail\/unsubscribe\?u=\d+&s=[\w-]+>/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    const link = ordersLinkOf(mail);
    expect(link.url.origin + link.url.pathname).toBe(`${t.config.publicBaseUrl}/orders`);
    expect(link.customer).toBe(10001);
  });

  it('a re-import of the same file, and a line going shipped → backlog → shipped, tell nobody again', async () => {
    const line = createLedgerItem({ item_name: 'ONCE-ONLY' });
    await importLines([line]);
    expect(recipients(await newShipmentMails())).toEqual(CUSTOMER_10001);

    await importLines([line]);
    expect(await newShipmentMails()).toEqual([]);
    await importLines([{ ...line, status: LEDGER_STATUS.backlog, shipped_date: null }]);
    await importLines([line]);
    expect(await newShipmentMails()).toEqual([]);
  });

  it('users with notifications off, deleted users and users of other customers get nothing', async () => {
    await setShipmentMail('user@example.com', 10001, false);
    await t.database.db
      .update(users)
      .set({ delete_flag: true })
      .where(eq(users.mail, 'unverified@example.com'));
    try {
      await importLines([createLedgerItem({ item_name: 'AFTER-OPT-OUT' })]);
      expect(recipients(await newShipmentMails())).toEqual([
        'admin@example.com',
        'multi@example.com',
      ]);
    } finally {
      await setShipmentMail('user@example.com', 10001, true);
      await t.database.db
        .update(users)
        .set({ delete_flag: false })
        .where(eq(users.mail, 'unverified@example.com'));
    }
  });

  it('more than 50 lines: the first 50 and the count', async () => {
    const lines = Array.from({ length: 61 }, (_, i) =>
      createLedgerItem({
        customer_code: 20001,
        item_name: `BULK-${String(i + 1).padStart(3, '0')}`,
      }),
    );
    await importLines(lines);
    const [mail, ...more] = await newShipmentMails();
    expect(more).toEqual([]);
    expect(mail!.subject).toContain('（61件）');
    expect(mail!.text).toContain('出荷された61件のうち、最初の50件をお知らせします。');
    expect(mail!.text).toContain('ほか11件はポータルでご確認ください。');
    expect(mail!.text).toContain('■ 50\n');
    expect(mail!.text).not.toContain('■ 51\n');
    expect((mail!.text.match(/BULK-\d{3}/g) ?? []).length).toBe(50);

    // The link shows all 61, whoever may see the customer.
    const { notification, customer } = ordersLinkOf(mail!);
    const res = await search('other', {
      customer_code: customer,
      notification_id: notification,
      page: 1,
      page_size: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(61);
  });
});

describe("the mail's link to the orders screen", () => {
  let notification: number;
  let keys: string[];

  beforeAll(async () => {
    const lines = [
      // Ordered three years ago: the link shows it although the screen's default window would not.
      createLedgerItem({ item_name: 'LINK-OLD-ORDER', sale_order_date: '2023-01-10' }),
      createLedgerItem({ item_name: 'LINK-NEW' }),
    ];
    await importLines([
      ...lines,
      createLedgerItem({ customer_code: 20001, item_name: 'LINK-20001' }),
    ]);
    const mails = await newShipmentMails();
    const mail = mails.find((m) => m.to.includes('user@example.com'))!;
    notification = ordersLinkOf(mail).notification;
    keys = lines.map((l) => `${l.sale_order_no}/${l.delivery_no}`).sort();
  });

  const keysOf = (items: LedgerItem[]) =>
    items.map((l) => `${l.sale_order_no}/${l.delivery_no}`).sort();

  it('finds exactly the notified lines, for the unpaged and the paged search', async () => {
    const unpaged = await search('user', { customer_code: 10001, notification_id: notification });
    expect(unpaged.statusCode, unpaged.body).toBe(200);
    expect(keysOf(unpaged.json())).toEqual(keys);
    const paged = await search('user', {
      customer_code: 10001,
      notification_id: notification,
      page: 1,
    });
    expect(paged.json().total).toBe(2);
    expect(keysOf(paged.json().items)).toEqual(keys);
    // Staff see it too.
    expect(
      keysOf(
        (await search('staff', { customer_code: 10001, notification_id: notification })).json(),
      ),
    ).toEqual(keys);
  });

  it("refuses another customer's caller (403), and a notification named with another customer (404)", async () => {
    const refused = await search('other', { customer_code: 10001, notification_id: notification });
    expect(refused.statusCode).toBe(403);
    const wrongCustomer = await search('other', {
      customer_code: 20001,
      notification_id: notification,
    });
    expect(wrongCustomer.statusCode).toBe(404);
    expect(wrongCustomer.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(wrongCustomer.body).not.toContain('LINK-NEW');
    const none = await search('user', { customer_code: 10001, notification_id: 987654321 });
    expect(none.statusCode).toBe(404);
  });
});

describe('the unsubscribe link', () => {
  async function linkFor(mail: string, customerCode: number): Promise<string> {
    await importLines([
      createLedgerItem({ customer_code: customerCode, item_name: `UNSUB-${mail}` }),
    ]);
    const found = (await newShipmentMails()).find((m) => m.to.includes(mail))!;
    const link = findLinks(found.text).find((l) => l.includes('/mail/unsubscribe'))!;
    return link.slice(t.config.publicBaseUrl.length);
  }
  const flagsOf = async (mail: string) =>
    (
      await t.database.db
        .select({ customer: users.customer_code, on: users.shipment_mail })
        .from(users)
        .where(eq(users.mail, mail))
        .orderBy(users.customer_code)
    ).map((r) => [r.customer, r.on]);

  it('GET only asks; POST turns the mails off for exactly that user row', async () => {
    const path = await linkFor('multi@example.com', 10001);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('配信を停止する');
    expect(await flagsOf('multi@example.com')).toEqual([
      [10001, true],
      [10002, true],
    ]);

    const done = await t.app.inject({
      method: 'POST',
      url: path,
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('配信を停止しました');
    expect(await flagsOf('multi@example.com')).toEqual([
      [10001, false],
      [10002, true],
    ]);
    // Nobody was signed in by it.
    expect(done.headers['set-cookie']).toBeUndefined();

    await importLines([createLedgerItem({ item_name: 'AFTER-UNSUBSCRIBE' })]);
    expect(recipients(await newShipmentMails())).not.toContain('multi@example.com');
    await setShipmentMail('multi@example.com', 10001, true);
  });

  it("a mail client's one-click POST (RFC 8058) works the same", async () => {
    const path = await linkFor('admin@example.com', 10001);
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(await flagsOf('admin@example.com')).toEqual([[10001, false]]);
    await setShipmentMail('admin@example.com', 10001, true);
  });

  it('a tampered link, or one signed for another row, is refused and changes nothing', async () => {
    const path = await linkFor('other@example.com', 20001);
    const url = new URL(path, 'http://x');
    const userId = Number(url.searchParams.get('u'));
    const signature = url.searchParams.get('s')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const attempts = [
      `/mail/unsubscribe?u=${userId}&s=${flipped}`,
      `/mail/unsubscribe?u=${userId + 1}&s=${signature}`,
      `/mail/unsubscribe?u=${userId}`,
      '/mail/unsubscribe',
    ];
    const before = await t.database.db
      .select({ id: users.id, on: users.shipment_mail })
      .from(users)
      .orderBy(users.id);
    for (const attempt of attempts) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: attempt });
        expect(res.statusCode, `${method} ${attempt}`).toBe(400);
        expect(res.body).toContain('このリンクは無効です');
      }
    }
    expect(
      await t.database.db
        .select({ id: users.id, on: users.shipment_mail })
        .from(users)
        .orderBy(users.id),
    ).toEqual(before);
  });
});
