import { and, eq, ne, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerItems, users } from '../../db/schema';
import type { AuditEvent, AuditPage } from '../../domain/api/audit';
import { AUDIT_EXPORT_HEADERS } from '../../domain/audit';
import { loadConfig } from '../../server/config';
import { exportAudit } from '../../server/services/audit-service';
import { resolveCaller } from '../../server/services/caller';
import { createOtherCorporationAdmin } from './helpers/accounts';
import { bearer, signIn } from './helpers/auth';
import { createLedgerItem, ledgerCsv } from './helpers/ledger-factory';
import { createTestApp, type TestApp } from './helpers/test-app';

// The audit view (docs/decisions/017): every listed action records one event of one
// shape, the search's filters and pages, the CSV export, who sees which events, and retention.

type Who = 'staff' | 'admin' | 'user' | 'multi' | 'other' | 'otherAdmin';
const MAIL: Record<Who, string> = {
  staff: 'staff@example.com',
  admin: 'admin@example.com',
  user: 'user@example.com',
  multi: 'multi@example.com',
  other: 'other@example.com',
  otherAdmin: 'audit-other-admin@example.com',
};
const AGENT = 'audit-test-browser/1.0';
const ADDRESS = '203.0.113.7';

let t: TestApp;
const tokens = {} as Record<Who, string>;
const uids = {} as Record<Who, string>;
type Line = typeof ledgerItems.$inferSelect;

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 40 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '1000000', RATE_LIMIT_MAIL_PER_MINUTE: '1000000' },
  });
  await createOtherCorporationAdmin(t, MAIL.otherAdmin);
  for (const who of Object.keys(MAIL) as Who[]) {
    const signedIn = await signIn(t.app, MAIL[who]);
    tokens[who] = signedIn.token;
    uids[who] = signedIn.uid;
  }
});
afterAll(async () => t?.close());

/** A call as someone, from a known address and browser. */
const call = (who: Who, options: InjectOptions) =>
  t.app.inject({
    ...options,
    remoteAddress: ADDRESS,
    headers: { ...(options.headers as object), ...bearer(tokens[who]), 'user-agent': AGENT },
  });

const search = async (who: Who, query: Record<string, string> = {}) => {
  const res = await call(who, { method: 'GET', url: '/api/v1/audit', query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditPage;
};

/** The newest event of an action, as staff see it in the audit view. */
const newest = async (action: string): Promise<AuditEvent> => {
  const page = await search('staff', { action });
  expect(page.items.length, `an event ${action}`).toBeGreaterThan(0);
  return page.items[0]!;
};

async function lineWithInvoice(customerCode: number): Promise<Line> {
  const lines = await t.database.db
    .select()
    .from(ledgerItems)
    .where(and(eq(ledgerItems.customer_code, customerCode), ne(ledgerItems.invoice_file_name, '')));
  for (const line of lines) {
    if (await t.platform.storage.exists(`portal-${customerCode}`, `Spec/${line.invoice_file_name}`))
      return line;
  }
  throw new Error(`no line of ${customerCode} with its invoice in storage`);
}

const rowIdOf = async (mail: string, customerCode: number) =>
  (
    await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.mail, mail), eq(users.customer_code, customerCode)))
  )[0]!.id;

describe('every listed action records one event of one shape', () => {
  it('a document download, a line’s document links and a bulk download name the user, customer, file, address and browser', async () => {
    const line = await lineWithInvoice(10001);
    const userRow = await rowIdOf(MAIL.user, 10001);

    // Preparing the URL is no download: the event is written when the URL is opened.
    const before = (await search('staff', { action: 'document.download' })).total;
    const one = await call('user', {
      method: 'POST',
      url: '/api/v1/shared-file/get-shared-url',
      payload: {
        bucket_name: 'portal-10001',
        folder_name: 'Spec',
        file_name: line.invoice_file_name,
      },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect((await search('staff', { action: 'document.download' })).total).toBe(before);
    const opened = await t.app.inject({
      method: 'GET',
      url: one.json().url.slice(t.config.publicBaseUrl.length),
      remoteAddress: ADDRESS,
      headers: { 'user-agent': AGENT },
    });
    expect(opened.statusCode).toBe(200);
    expect(await newest('document.download')).toMatchObject({
      actor_user_id: userRow,
      actor_mail: MAIL.user,
      customer_code: 10001,
      customer_name: expect.any(String),
      action: 'document.download',
      entity: 'document',
      entity_id: line.invoice_file_name,
      ip_address: ADDRESS,
      user_agent: AGENT,
    });

    // A line's links are signed ahead of a click (the orders screen does so on hover): no event
    // until one of them is opened, then one.
    const afterOne = (await search('staff', { action: 'document.download' })).total;
    const links = await call('user', {
      method: 'GET',
      url: `/api/v1/spec/specified-ledger-file-path?sale_order_no=${encodeURIComponent(line.sale_order_no)}&sale_order_line_no=${line.sale_order_line_no}&delivery_no=${encodeURIComponent(line.delivery_no)}&delivery_line_no=${line.delivery_line_no}`,
    });
    expect(links.statusCode, links.body).toBe(200);
    expect((await search('staff', { action: 'document.download' })).total).toBe(afterOne);
    const invoiceUrl = links.json().invoice.url as string;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: invoiceUrl.slice(t.config.publicBaseUrl.length),
          remoteAddress: ADDRESS,
        })
      ).statusCode,
    ).toBe(200);
    expect((await search('staff', { action: 'document.download' })).total).toBe(afterOne + 1);
    expect(await newest('document.download')).toMatchObject({
      actor_mail: MAIL.user,
      entity_id: line.invoice_file_name,
    });

    const bulk = await call('user', {
      method: 'POST',
      url: '/api/v1/shared-file/get-shared-files',
      payload: {
        bucket_name: 'portal-10001',
        folder_name: 'Spec',
        download_name: '請求書',
        file_names: [line.invoice_file_name],
      },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await newest('document.bulk-download')).toMatchObject({
      actor_mail: MAIL.user,
      customer_code: 10001,
      entity: 'document',
      entity_id: bulk.json().file_name,
      ip_address: ADDRESS,
      user_agent: AGENT,
    });
  });

  it('a shared-file download names the file’s path and customer', async () => {
    const list = await call('other', {
      method: 'POST',
      url: '/api/v1/shared-file/get-shared-filename',
      payload: { bucket_name: 'portal-20001', folder_name: '' },
    });
    const queue: string[] = [''];
    let file: { folder: string; name: string } | undefined;
    expect(list.statusCode).toBe(200);
    while (!file && queue.length > 0) {
      const folder = queue.shift()!;
      const res = await call('other', {
        method: 'POST',
        url: '/api/v1/shared-file/get-shared-filename',
        payload: { bucket_name: 'portal-20001', folder_name: folder },
      });
      const entries = res.json() as { file_name: string; file_path: string; is_dir: boolean }[];
      const found = entries.find((e) => !e.is_dir);
      if (found) file = { folder, name: found.file_name };
      queue.push(...entries.filter((e) => e.is_dir).map((e) => e.file_path));
    }
    const res = await call('other', {
      method: 'POST',
      url: '/api/v1/shared-file/get-shared-url',
      payload: { bucket_name: 'portal-20001', folder_name: file!.folder, file_name: file!.name },
    });
    expect(res.statusCode, res.body).toBe(200);
    const path = file!.folder ? `${file!.folder}/${file!.name}` : file!.name;
    expect(await newest('shared-file.download')).toMatchObject({
      actor_mail: MAIL.other,
      customer_code: 20001,
      entity: 'shared-file',
      entity_id: path,
      ip_address: ADDRESS,
      user_agent: AGENT,
    });
  });

  it('an export and an import are recorded with their customer, address and browser', async () => {
    const exported = await call('user', {
      method: 'POST',
      url: '/api/v1/spec/export-ledgerItem',
      payload: { customer_code: 10001, format: 'csv' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(await newest('ledger.export')).toMatchObject({
      actor_mail: MAIL.user,
      customer_code: 10001,
      entity: 'ledger_items',
      ip_address: ADDRESS,
      user_agent: AGENT,
    });

    const imported = await call('staff', {
      method: 'POST',
      url: '/api/v1/spec/import-ledger',
      payload: ledgerCsv([createLedgerItem({ customer_code: 30001 })]),
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await newest('ledger.import')).toMatchObject({
      actor_mail: MAIL.staff,
      entity: 'ledger_items',
      ip_address: ADDRESS,
      user_agent: AGENT,
    });
  });

  it('adding, changing and deleting a user are recorded with the user’s customer', async () => {
    const added = await call('admin', {
      method: 'POST',
      url: '/api/v1/user/add-user',
      payload: {
        customer_code: 10002,
        mail: 'audit-added@example.com',
        user_name: '監査 太郎',
        user_type_id: 2,
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as number;
    const shape = {
      actor_mail: MAIL.admin,
      customer_code: 10002,
      entity: 'user',
      entity_id: String(id),
      ip_address: ADDRESS,
      user_agent: AGENT,
    };
    // The target names the person, not the user row's number.
    expect(await newest('user.create')).toMatchObject({
      ...shape,
      target: 'ユーザー: 監査 太郎（audit-added@example.com）',
    });

    const updated = await call('admin', {
      method: 'PUT',
      url: '/api/v1/user/update-user',
      payload: {
        id,
        customer_code: 10002,
        mail: 'audit-added@example.com',
        user_name: '監査 次郎',
        user_type_id: 2,
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await newest('user.update')).toMatchObject({
      ...shape,
      target: 'ユーザー: 監査 次郎（audit-added@example.com）',
    });

    const deleted = await call('admin', {
      method: 'PUT',
      url: '/api/v1/user/delete-user',
      payload: { id },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // A deleted person is still named.
    expect(await newest('user.delete')).toMatchObject({
      ...shape,
      target: 'ユーザー: 監査 次郎（audit-added@example.com）',
    });
  });

  it('notice and banner changes are recorded with the staff member, address and browser', async () => {
    const notice = await call('staff', {
      method: 'POST',
      url: '/api/v1/notice/add-notice',
      payload: { title: '監査のお知らせ', url: 'https://example.com/audit' },
    });
    expect(notice.statusCode, notice.body).toBe(200);
    const noticeId = String(notice.json().id);
    const staffShape = { actor_mail: MAIL.staff, ip_address: ADDRESS, user_agent: AGENT };
    expect(await newest('notice.create')).toMatchObject({
      ...staffShape,
      entity: 'notice',
      entity_id: noticeId,
      customer_code: null,
      target: 'お知らせ: 監査のお知らせ',
    });
    await call('staff', {
      method: 'PUT',
      url: '/api/v1/notice/update-notice',
      payload: {
        id: Number(noticeId),
        title: '監査のお知らせ（改）',
        url: 'https://example.com/a',
      },
    });
    expect(await newest('notice.update')).toMatchObject({ ...staffShape, entity_id: noticeId });
    await call('staff', {
      method: 'DELETE',
      url: '/api/v1/notice/delete-notice',
      payload: { id: Number(noticeId) },
    });
    // A deleted notice is named by its title as the event recorded it.
    expect(await newest('notice.delete')).toMatchObject({
      ...staffShape,
      entity_id: noticeId,
      target: 'お知らせ: 監査のお知らせ（改）',
    });

    const banner = await call('staff', {
      method: 'POST',
      url: '/api/v1/banner/add-banner',
      payload: {
        explanation: '監査バナー',
        image_url: 'https://example.com/a.png',
        destination_url: 'https://example.com/',
      },
    });
    expect(banner.statusCode, banner.body).toBe(200);
    expect(await newest('banner.create')).toMatchObject({
      ...staffShape,
      entity: 'banner',
      entity_id: String(banner.json().id),
      target: 'バナー: 監査バナー',
    });
  });

  it('a sign-in names the person, a folder name its customer, an export the customer’s order lines', async () => {
    const signIn = await newest('auth.sign-in');
    const [row] = await t.database.db.select().from(users).where(eq(users.mail, signIn.entity_id!));
    expect(signIn.target).toBe(`アカウント: ${row!.user_name}（${signIn.entity_id}）`);

    const folder = await call('staff', {
      method: 'POST',
      url: '/api/v1/spec/register-customer-folder-name',
      payload: { customer_code: 10002, folder_name: 'audit-folder' },
    });
    expect(folder.statusCode, folder.body).toBe(200);
    const named = await newest('customer.folder-name.update');
    expect(named.target).toBe(`取引先: 10002 ${named.customer_name}`);
    expect(named.customer_name).toBeTruthy();

    const exported = await call('user', {
      method: 'POST',
      url: '/api/v1/spec/export-ledgerItem',
      payload: { customer_code: 10001, format: 'csv' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const ledger = await newest('ledger.export');
    expect(ledger.target).toBe(`注文明細: 10001 ${ledger.customer_name}`);
  });
});

// --- synthetic events for the search's own rules ------------------------------------------------

/** `count` events of one action, one a minute going back from `newest`. */
async function insertEvents(options: {
  count: number;
  action: string;
  newest: Date;
  customerCode?: number | null;
  actorMail?: string;
  actorUserId?: number | null;
}) {
  await t.database.db.execute(sql`
    insert into audit_log (actor_user_id, actor_mail, action, entity, entity_id, customer_code, created_at)
    select ${options.actorUserId ?? null}::int, ${options.actorMail ?? 'synthetic@example.com'}, ${options.action},
           'synthetic', g::text, ${options.customerCode ?? null}::int,
           ${options.newest.toISOString()}::timestamptz - make_interval(mins => g)
    from generate_series(0, ${options.count - 1}) g`);
}

describe('the search', () => {
  it('filters by action, actor mail (any case), customer and Japanese dates, newest first', async () => {
    await insertEvents({
      count: 3,
      action: 'test.filter',
      newest: new Date('2025-03-10T00:30:00Z'), // 09:30 on 10 March in Japan
      customerCode: 10001,
      actorMail: 'filter-a@example.com',
    });
    await insertEvents({
      count: 2,
      action: 'test.filter',
      newest: new Date('2025-03-09T14:59:00Z'), // 23:59 on 9 March in Japan
      customerCode: 20001,
      actorMail: 'filter-b@example.com',
    });
    const all = await search('staff', { action: 'test.filter' });
    expect(all.total).toBe(5);
    expect(all.total_capped).toBe(false);
    const times = all.items.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    expect(
      (await search('staff', { action: 'test.filter', actor: 'FILTER-B@Example.com ' })).total,
    ).toBe(2);
    expect((await search('staff', { action: 'test.filter', customer_code: '10001' })).total).toBe(
      3,
    );
    // The day is Japan's: 23:59 on the 9th (JST) is not the 10th.
    expect(
      (await search('staff', { action: 'test.filter', from: '2025-03-10', to: '2025-03-10' }))
        .total,
    ).toBe(3);
    expect((await search('staff', { action: 'test.filter', to: '2025-03-09' })).total).toBe(2);
    expect((await search('staff', { action: 'test.filter', from: '2025-03-11' })).total).toBe(0);
    // Empty parameters are no filter.
    expect(
      (await search('staff', { action: 'test.filter', actor: '', customer_code: '' })).total,
    ).toBe(5);
  });

  it('refuses bad filters with a Japanese message', async () => {
    const bad = async (query: Record<string, string>) => {
      const res = await call('staff', { method: 'GET', url: '/api/v1/audit', query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      return JSON.stringify(res.json());
    };
    expect(await bad({ from: '2025-03-10', to: '2025-03-01' })).toContain(
      '開始日は終了日以前の日付を指定してください。',
    );
    expect(await bad({ from: '2025-02-30' })).toContain('存在しない日付です。');
    expect(await bad({ from: '10/03/2025' })).toContain('YYYY-MM-DD');
    expect(await bad({ action: "x'; drop table audit_log; --" })).toContain('操作の種類');
    await bad({ customer_code: 'abc' });
    await bad({ page: '0' });
    // Beyond the counted 10 000 events there are no pages: narrow the filters instead.
    await bad({ page: '101' });
  });

  it('serves 100 events a page and counts the total up to 10 000', async () => {
    await insertEvents({
      count: 250,
      action: 'test.paging',
      newest: new Date('2025-01-01T00:00:00Z'),
    });
    const [first, third] = [
      await search('staff', { action: 'test.paging', page: '1' }),
      await search('staff', { action: 'test.paging', page: '3' }),
    ];
    expect(first).toMatchObject({ total: 250, total_capped: false, page: 1, page_size: 100 });
    expect(first.items).toHaveLength(100);
    expect(third.items).toHaveLength(50);
    expect(first.items[0]!.entity_id).toBe('0');
    expect(third.items.at(-1)!.entity_id).toBe('249');
    const second = await search('staff', { action: 'test.paging', page: '2' });
    expect(second.items[0]!.entity_id).toBe('100');

    await insertEvents({
      count: 10_050,
      action: 'test.many',
      newest: new Date('2024-06-01T00:00:00Z'),
    });
    const many = await search('staff', { action: 'test.many', page: '100' });
    expect(many).toMatchObject({ total: 10_000, total_capped: true, page: 100 });
    expect(many.items).toHaveLength(100);
  });
});

describe('the CSV export', () => {
  it('streams the filtered events as UTF-8 CSV with a BOM and Japanese headers, and is itself recorded', async () => {
    await insertEvents({
      count: 3,
      action: 'document.download',
      newest: new Date('2025-05-01T03:00:00Z'),
      customerCode: 10001,
      actorMail: 'csv@example.com',
    });
    const res = await call('staff', {
      method: 'GET',
      url: '/api/v1/audit/export',
      query: { actor: 'csv@example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; .*auditlog_\d{8}\.csv/);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const records = text.slice(1).trimEnd().split('\r\n');
    expect(records[0]).toBe(AUDIT_EXPORT_HEADERS.join(','));
    expect(records).toHaveLength(4);
    // Japan time, the Japanese name of the action and its code, the customer's name.
    expect(records[1]).toMatch(
      /^2025-05-01 12:00:00,csv@example\.com,,10001,[^,]+,書類ダウンロード,document\.download,/,
    );
    expect(records[3]).toMatch(/^2025-05-01 11:58:00,/);

    expect(await newest('audit.export')).toMatchObject({
      actor_mail: MAIL.staff,
      entity: 'audit_log',
      ip_address: ADDRESS,
      user_agent: AGENT,
    });
  });

  it('writes each event’s target and detail as Japanese text, not as recorded JSON', async () => {
    const mail = 'csv-detail@example.com';
    await t.database.db.execute(sql`
      insert into audit_log (actor_mail, action, entity, entity_id, after, created_at)
      values (${mail}, 'auth.sign-in-failed', 'auth', ${mail},
              ${JSON.stringify({ success: false, reason: 'wrong-password' })}::jsonb,
              '2025-04-01T03:00:00Z'),
             (${mail}, 'document.bulk-download', 'document', 'orders.zip',
              ${JSON.stringify({ zip: 'orders.zip', files: 3, missing: 1 })}::jsonb,
              '2025-04-01T03:01:00Z')`);
    const res = await call('staff', {
      method: 'GET',
      url: '/api/v1/audit/export',
      query: { actor: mail },
    });
    expect(res.statusCode, res.body).toBe(200);
    const records = res.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(records).toHaveLength(3);
    expect(records[1]).toContain(',書類: orders.zip,orders.zip,');
    expect(
      records[1]!.endsWith(',ZIPファイル: orders.zip、ファイル数: 3、見つからないファイル数: 1'),
    ).toBe(true);
    expect(records[2]).toContain(`,アカウント: ${mail},`);
    expect(records[2]).toMatch(/,結果: 失敗、理由: パスワードの誤り$/);
    expect(res.rawPayload.toString('utf8')).not.toContain('{');
  });

  it('refuses more events than the limit before sending anything', async () => {
    const caller = await resolveCaller(t.database.db, uids.staff);
    await expect(
      exportAudit({ db: t.database.db, maxRows: 5 }, caller, { action: 'test.paging' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'CSV出力できるのは5件までです。条件を絞り込んでください。',
    });
  });

  it('a text cell that a spreadsheet would run as a formula is written as text', async () => {
    await insertEvents({
      count: 1,
      action: 'test.formula',
      newest: new Date('2025-05-02T00:00:00Z'),
      actorMail: '=cmd|calc@example.com',
    });
    const res = await call('staff', {
      method: 'GET',
      url: '/api/v1/audit/export',
      query: { action: 'test.formula' },
    });
    expect(res.rawPayload.toString('utf8')).toContain(",'=cmd|calc@example.com,");
  });
});

describe('who sees which events', () => {
  it('general users are refused the view and the export', async () => {
    for (const who of ['user', 'multi', 'other'] as const) {
      for (const url of ['/api/v1/audit', '/api/v1/audit/export']) {
        const res = await call(who, { method: 'GET', url });
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
  });

  it('an administrator sees their corporation’s events only: never staff’s, never another corporation’s', async () => {
    const adminRow = await rowIdOf(MAIL.admin, 10001);
    const userRow = await rowIdOf(MAIL.user, 10001);
    const otherRow = await rowIdOf(MAIL.other, 20001);
    const staffRow = await rowIdOf(MAIL.staff, 99999);
    const at = new Date('2025-07-01T00:00:00Z');
    const mark = (
      action: string,
      who: { mail: string; id: number | null },
      customerCode: number | null,
    ) =>
      insertEvents({
        count: 1,
        action,
        newest: at,
        actorMail: who.mail,
        actorUserId: who.id,
        customerCode,
      });
    const user = { mail: MAIL.user, id: userRow };
    const staff = { mail: MAIL.staff, id: staffRow };
    const other = { mail: MAIL.other, id: otherRow };
    await mark('scope.own-customer', user, 10001);
    await mark('scope.same-corporation', { mail: MAIL.admin, id: adminRow }, 10002);
    await mark('scope.own-user-no-customer', user, null);
    await mark('scope.staff-on-own-customer', staff, 10001);
    await mark('scope.staff-no-customer', staff, null);
    await mark('scope.other-corporation', other, 20001);
    await mark('scope.other-user-no-customer', other, null);
    // An own user's event about another corporation's customer stays that corporation's.
    await mark('scope.own-user-other-customer', user, 20001);
    await mark('scope.nobody', { mail: 'unknown@example.com', id: null }, null);

    const seen = async (who: Who) =>
      new Set(
        (await search(who, { from: '2025-07-01', to: '2025-07-01' })).items.map((e) => e.action),
      );
    expect(await seen('admin')).toEqual(
      new Set(['scope.own-customer', 'scope.same-corporation', 'scope.own-user-no-customer']),
    );
    expect(await seen('otherAdmin')).toEqual(
      new Set([
        'scope.other-corporation',
        'scope.other-user-no-customer',
        'scope.own-user-other-customer',
      ]),
    );
    expect((await seen('staff')).size).toBe(9);

    // The same reach in the export, whatever the filters.
    const csv = await call('admin', {
      method: 'GET',
      url: '/api/v1/audit/export',
      query: { from: '2025-07-01', to: '2025-07-01' },
    });
    expect(csv.statusCode).toBe(200);
    const body = csv.rawPayload.toString('utf8');
    expect(body).toContain('scope.own-customer');
    expect(body).not.toContain('scope.staff');
    expect(body).not.toContain('scope.other');
    expect(body).not.toContain('scope.own-user-other-customer');
  });

  it('over everything recorded, an administrator’s pages hold no staff actor and no other corporation’s customer', async () => {
    const page = await search('admin');
    expect(page.total).toBeGreaterThan(0);
    for (const event of page.items) {
      expect(event.actor_mail).not.toBe(MAIL.staff);
      if (event.customer_code !== null) expect([10001, 10002]).toContain(event.customer_code);
    }
    // Searching for staff's mail or another corporation's customer finds nothing or is refused.
    expect((await search('admin', { actor: MAIL.staff })).total).toBe(0);
    const foreign = await call('admin', {
      method: 'GET',
      url: '/api/v1/audit',
      query: { customer_code: '20001' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await search('admin', { customer_code: '10002' })).total).toBeGreaterThan(0);
  });

  it('staff see the mail outbox’s counts beside the events; administrators do not', async () => {
    const counts = (await search('staff')).mail_outbox;
    expect(counts).toEqual({
      pending: expect.any(Number),
      failed: expect.any(Number),
      sent: expect.any(Number),
    });
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from mail_outbox`,
    )) as unknown as { rows: { n: number }[] };
    expect(counts!.pending + counts!.failed + counts!.sent).toBeLessThanOrEqual(rows[0]!.n);
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect((await search('admin')).mail_outbox).toBeUndefined();
  });

  it('tampered identity fields change nothing: the caller decides', async () => {
    const staffRow = await rowIdOf(MAIL.staff, 99999);
    const res = await call('user', {
      method: 'GET',
      url: '/api/v1/audit',
      query: { login_user_id: String(staffRow), user_id: String(staffRow) },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('retention', () => {
  it('deletes the events older than AUDIT_RETENTION_DAYS and nothing newer', async () => {
    const now = new Date('2026-11-25T00:00:00Z');
    const day = 86_400_000;
    await insertEvents({
      count: 7,
      action: 'test.retention-old',
      newest: new Date(now.getTime() - 401 * day),
    });
    await insertEvents({
      count: 5,
      action: 'test.retention-kept',
      newest: new Date(now.getTime() - 399 * day),
    });
    const countOf = async (action: string) =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(eq(auditLog.action, action))
      )[0]!.n;

    expect(t.config.AUDIT_RETENTION_DAYS).toBe(400);
    const deleted = await t.app.runAuditRetention(now);
    expect(deleted).toBeGreaterThanOrEqual(7);
    expect(await countOf('test.retention-old')).toBe(0);
    expect(await countOf('test.retention-kept')).toBe(5);
    // A second run (another instance, the next day's timer) finds nothing more to delete.
    expect(await t.app.runAuditRetention(now)).toBe(0);
  });

  it('a bad AUDIT_RETENTION_DAYS stops the start, naming the variable', () => {
    for (const value of ['0', '-3', 'abc', '1.5']) {
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: value })).toThrow(/AUDIT_RETENTION_DAYS/);
    }
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).AUDIT_RETENTION_DAYS).toBe(30);
  });
});
