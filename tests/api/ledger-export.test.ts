import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import type { LedgerExportBody, LedgerItem } from '../../domain/api/ledger';
import { DEFAULT_CARRIER_TRACKING } from '../../domain/carrier-tracking';
import { todayInJapan } from '../../domain/japan-time';
import { LEDGER_EXPORT_COLUMNS, ledgerExportTooManyMessage } from '../../domain/ledger-export';
import {
  LEDGER_SORT_FIELDS,
  type LedgerSort,
  ledgerSearchCriteriaOf,
} from '../../domain/ledger-search';
import { HttpError } from '../../server/errors';
import { findLedgerItems, iterateLedgerItems } from '../../server/repositories/ledger-repository';
import { resolveCaller } from '../../server/services/caller';
import { ExportSlots } from '../../server/services/export-slots';
import { exportLedgerItems } from '../../server/services/ledger-export-service';
import { bearer, signIn } from './helpers/auth';
import { createBacklogItem, createLedgerItem, insertLedgerItems } from './helpers/ledger-factory';
import { createTestApp, type TestApp } from './helpers/test-app';

const URL = '/api/v1/spec/export-ledgerItem';
const SEARCH = '/api/v1/spec/search-result-ledgerItem';
const IN_2026 = { from_date: '2026-01-01', to_date: '2026-12-31' };

let t: TestApp;
const tokens: Record<string, string> = {};
let userUid = '';

// Customer 10001's lines: ties on every sort column (same dates, same names), a 1900 placeholder
// date, a formula-looking property name, Japanese text, label numbers with hyphens and full-width
// digits, an unknown carrier. 10002 holds a line with the same words (no leak across customers).
const lines10001: LedgerItem[] = [
  createLedgerItem({
    sale_order_date: '2026-10-01',
    property_name: '=HYPERLINK("http://evil.example","x")',
    transportation: 'ヤマト運輸株式会社',
    shipping_label_number: '4123-4567-8901',
    quantity: 1200,
    unit_price: 12800,
    amount: 15_360_000,
  }),
  createBacklogItem({
    sale_order_date: '2026-10-01',
    expected_delivery_date: '1900-05-10',
    property_name: '山田様邸, "新築" 工事',
    item_name: 'KR-1020-BK',
  }),
  createLedgerItem({
    sale_order_date: '2026-09-20',
    shipped_date: '2026-09-25',
    property_name: '+81 現場',
    destination_name2: '@担当',
    transportation: 'ｻｶﾞﾜ',
    shipping_label_number: '１２３４ ５６７８',
  }),
  createLedgerItem({
    sale_order_date: '2026-09-20',
    shipped_date: '2026-09-25',
    property_name: '-10℃ 倉庫',
    transportation: '自社便',
    item_name: 'KR-1020-BK',
  }),
  createLedgerItem({ sale_order_date: '2026-08-01', shipped_date: '2026-08-03', quantity: 7 }),
  createBacklogItem({ sale_order_date: '2026-08-01', item_name: 'AA-1', quantity: 7 }),
  createLedgerItem({ sale_order_date: '2026-07-01', shipped_date: '2026-07-02', item_name: 'ZZ' }),
  createLedgerItem({ sale_order_date: '2025-01-01', property_name: '2025年の行' }),
];
const other = createLedgerItem({ customer_code: 10002, sale_order_date: '2026-10-01' });

beforeAll(async () => {
  t = await createTestApp({ seed: { ledgerLinesPerCustomer: 0 } });
  await insertLedgerItems(t.database.db, [...lines10001, other]);
  for (const who of ['user', 'staff', 'other']) {
    const signedIn = await signIn(t.app, `${who}@example.com`);
    tokens[who] = signedIn.token;
    if (who === 'user') userUid = signedIn.uid;
  }
});
afterAll(async () => t?.close());

const exportAs = (who: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: URL, payload, headers: bearer(tokens[who]!) });

async function searchAll(who: string, payload: Record<string, unknown>): Promise<LedgerItem[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: SEARCH,
    payload,
    headers: bearer(tokens[who]!),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LedgerItem[];
}

async function workbookOf(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

const headers = LEDGER_EXPORT_COLUMNS.map((c) => c.header);
const col = (header: string) => headers.indexOf(header) + 1;

describe('xlsx', () => {
  it('holds every line of the search in its order, with typed cells, a frozen and filtered header', async () => {
    const res = await exportAs('user', { customer_code: 10001, ...IN_2026, format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const day = todayInJapan(new Date()).replaceAll('-', '');
    const name = `注文一覧_10001_${day}.xlsx`;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__10001_${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(res.headers['x-export-lines']).toBe('7');

    const sheet = await workbookOf(res.rawPayload);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(headers);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getColumn(col('物件名')).width).toBeGreaterThanOrEqual(20);

    const expected = await searchAll('user', { customer_code: 10001, ...IN_2026 });
    expect(expected).toHaveLength(7);
    expect(sheet.rowCount).toBe(1 + expected.length);
    expected.forEach((line, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(col('受注日')).value).toEqual(
        new Date(`${line.sale_order_date}T00:00:00Z`),
      );
      expect(row.getCell(col('品番')).value).toBe(line.item_name);
      expect(row.getCell(col('物件名')).value).toBe(line.property_name);
      expect(row.getCell(col('数量')).value).toBe(line.quantity);
    });

    // Same order date: the line inserted later (larger id) comes first, as in the search.
    const first = sheet.getRow(3);
    expect(first.getCell(col('受注日')).value).toBeInstanceOf(Date);
    expect(first.getCell(col('金額')).value).toBe(15_360_000);
    expect(first.getCell(col('金額')).numFmt).toBe('#,##0');
    expect(first.getCell(col('数量')).numFmt).toBe('#,##0');
    expect(first.getCell(col('追跡URL')).value).toBe(
      'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=412345678901',
    );
    // The 1900 placeholder reads 2025 (docs/product.md §4).
    const backlog = sheet.getRow(2);
    expect(backlog.getCell(col('納品予定日')).value).toEqual(new Date('2025-05-10T00:00:00Z'));
    expect(backlog.getCell(col('出荷日')).value).toBeNull();
  });

  it('staff exports the customer they chose; the sort is the search sort', async () => {
    const sort = { field: 'quantity', direction: 'desc' } as const;
    const res = await exportAs('staff', { customer_code: 10001, ...IN_2026, sort, format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await workbookOf(res.rawPayload);
    const page = await t.app.inject({
      method: 'POST',
      url: SEARCH,
      payload: { customer_code: 10001, ...IN_2026, sort, page_size: 100 },
      headers: bearer(tokens.staff!),
    });
    const items = (page.json() as { items: LedgerItem[] }).items;
    const exported = Array.from(
      { length: sheet.rowCount - 1 },
      (_, i) => sheet.getRow(i + 2).getCell(col('物件名')).value,
    );
    expect(exported).toEqual(items.map((l) => l.property_name));
  });
});

describe('csv', () => {
  it('is UTF-8 with BOM and CRLF, quoted as needed, with formula-looking text neutralised', async () => {
    const res = await exportAs('user', {
      customer_code: 10001,
      ...IN_2026,
      format: 'csv',
      page: 3,
      page_size: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent(`注文一覧_10001_${todayInJapan(new Date()).replaceAll('-', '')}.csv`),
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    const records = text.split('\r\n').slice(0, -1);
    // page / page_size are not read: every line is there.
    expect(records).toHaveLength(8);
    expect(records[0]).toBe(headers.join(','));
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).toContain(`"山田様邸, ""新築"" 工事"`);
    expect(text).toContain(",'+81 現場,");
    expect(text).toContain(",'-10℃ 倉庫,");
    expect(text).toContain(",'@担当,");
    expect(text).toContain(',2025-05-10,');
    expect(text).toContain('okurijoNo=12345678');
    expect(text).not.toContain('2025年の行');
  });
});

// Text the core system wrote straight into the database, which the import would refuse: every
// character XML 1.0 cannot write that PostgreSQL can hold (all but NUL; a lone surrogate cannot be
// stored in UTF-8), and DEL and a C1 control, which exceljs used to drop without a trace.
describe('text with characters XML cannot write', () => {
  const unwritable = [
    ...Array.from({ length: 0x1f }, (_, i) => i + 1).filter((c) => ![0x09, 0x0a, 0x0d].includes(c)),
    0x7f,
    0x85,
    0x9f,
    0xfffe,
    0xffff,
  ].map((c) => String.fromCharCode(c));
  const written = (c: string) => `物件${c}名`;
  const lines = unwritable.map((c) =>
    createLedgerItem({
      customer_code: 20001,
      sale_order_date: '2026-10-01',
      property_name: written(c),
      contact_person: `${c}佐藤`,
      destination_address: '住所\tタブ\r\n改行',
    }),
  );
  beforeAll(async () => insertLedgerItems(t.database.db, lines));

  it('the .xlsx is well-formed XML and shows each such character as 「�」', async () => {
    const res = await exportAs('staff', { customer_code: 20001, ...IN_2026, format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-export-lines']).toBe(String(lines.length));
    // ExcelJS reads the sheet with a strict XML parser (saxes), which refuses a document holding
    // a character XML 1.0 does not allow.
    const sheet = await workbookOf(res.rawPayload);
    const cells = (header: string) =>
      Array.from({ length: sheet.rowCount - 1 }, (_, i) =>
        String(sheet.getRow(i + 2).getCell(col(header)).value),
      );
    expect(cells('物件名').sort()).toEqual(lines.map(() => '物件\ufffd名'));
    expect(cells('担当者').sort()).toEqual(lines.map(() => '\ufffd佐藤'));
    // Tab and line breaks are text XML writes: kept (an XML reader reads CRLF as LF).
    expect(new Set(cells('納品先住所'))).toEqual(new Set(['住所\tタブ\n改行']));
  });

  it('the CSV shows each such character as 「�」 as the .xlsx does', async () => {
    const res = await exportAs('staff', { customer_code: 20001, ...IN_2026, format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    const text = res.rawPayload.toString('utf8');
    for (const c of unwritable) expect(text).not.toContain(c);
    expect(text.split('物件\ufffd名')).toHaveLength(lines.length + 1);
    expect(text.split(',\ufffd佐藤,')).toHaveLength(lines.length + 1);
  });
});

describe('the filters of the search', () => {
  it('a number and a date kind narrow the export as they narrow the search', async () => {
    const cases = [
      // 送り状番号 １２３４ ５６７８ typed in ASCII without the space.
      { order_no: '12345678' },
      { order_no: '１２３４-５６' },
      { date_field: 'shipped_date', from_date: '2026-09-21', to_date: '2026-09-30' },
      { date_field: 'expected_delivery_date', from_date: '1900-01-01', to_date: '1900-12-31' },
    ];
    const sizes: number[] = [];
    for (const filters of cases) {
      const body = { customer_code: 10001, status: 'all', ...filters };
      const found = await searchAll('user', body);
      const res = await exportAs('user', { ...body, format: 'xlsx' });
      expect(res.statusCode, res.body).toBe(200);
      const sheet = await workbookOf(res.rawPayload);
      expect(sheet.actualRowCount - 1, JSON.stringify(filters)).toBe(found.length);
      sizes.push(found.length);
    }
    expect(sizes).toEqual([1, 1, 2, 1]);
  });
});

describe('refusals and the audit log', () => {
  it('another customer: 403; no token: 401', async () => {
    expect((await exportAs('user', { customer_code: 10002, format: 'csv' })).statusCode).toBe(403);
    expect((await exportAs('other', { customer_code: 10001, format: 'xlsx' })).statusCode).toBe(
      403,
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { customer_code: 10001, format: 'csv' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a bad format or search is 400', async () => {
    expect((await exportAs('user', { customer_code: 10001, format: 'pdf' })).statusCode).toBe(400);
    expect((await exportAs('user', { customer_code: 10001 })).statusCode).toBe(400);
    const res = await exportAs('user', { customer_code: 10001, format: 'csv', from_date: 'x' });
    expect(res.statusCode).toBe(400);
  });

  it('over the limit: 400 TOO_MANY_RESULTS with the limit named, before anything is written', async () => {
    const caller = await resolveCaller(t.database.db, userUid);
    const body: LedgerExportBody = { customer_code: 10001, ...IN_2026, format: 'xlsx' };
    const deps = {
      db: t.database.db,
      carrierTracking: DEFAULT_CARRIER_TRACKING,
      maxLines: 6,
      slots: new ExportSlots({ perUser: 1, total: 1 }),
    };
    const before = await t.database.db.select().from(auditLog);
    const error = await exportLedgerItems(deps, caller, body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 400, code: 'TOO_MANY_RESULTS' });
    expect((error as Error).message).toBe(
      '出力できるのは6件までです。検索条件を絞り込んでください。',
    );
    expect(ledgerExportTooManyMessage(100_000)).toBe(
      '出力できるのは100,000件までです。検索条件を絞り込んでください。',
    );
    expect(await t.database.db.select().from(auditLog)).toHaveLength(before.length);
    // At the limit: exported.
    const file = await exportLedgerItems({ ...deps, maxLines: 7 }, caller, body);
    expect(file.lines).toBe(7);
    file.body.resume();
  });

  it('each export is in the audit log with the filters, the format and the line count', async () => {
    const res = await exportAs('staff', {
      customer_code: 10001,
      ...IN_2026,
      item_no: 'KR-1020',
      format: 'csv',
    });
    expect(res.statusCode).toBe(200);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ledger.export'));
    const last = entries.at(-1)!;
    expect(last).toMatchObject({
      actor_mail: 'staff@example.com',
      entity: 'ledger_items',
      entity_id: '10001',
    });
    expect(last.after).toMatchObject({
      format: 'csv',
      lines: 2,
      search: { customer_code: 10001, item_no: 'KR-1020', ...IN_2026 },
    });
  });
});

describe('keyset pages', () => {
  const sorts: LedgerSort[] = LEDGER_SORT_FIELDS.flatMap((field) =>
    (['asc', 'desc'] as const).map((direction) => ({ field, direction })),
  );
  it.each(sorts.map((s) => [`${s.field} ${s.direction}`, s] as const))(
    'pages of 2 by %s give the one-statement order',
    async (_, sort) => {
      const criteria = ledgerSearchCriteriaOf(
        { customer_code: 10001, ...IN_2026 },
        todayInJapan(new Date()),
      );
      const whole = await findLedgerItems(t.database.db, criteria, { sort, limit: 100, offset: 0 });
      const paged: LedgerItem[] = [];
      for await (const page of iterateLedgerItems(t.database.db, criteria, sort, 2)) {
        expect(page.length).toBeLessThanOrEqual(2);
        paged.push(...page);
      }
      const key = (l: LedgerItem) => `${l.sale_order_no}/${l.delivery_no}`;
      expect(paged.map(key)).toEqual(whole.map(key));
    },
  );
});
