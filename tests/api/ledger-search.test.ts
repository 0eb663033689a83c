import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerItem } from '../../domain/api/ledger';
import { addDays, addYears, todayInJapan } from '../../domain/japan-time';
import {
  LEDGER_TOO_MANY_ROWS_MESSAGE,
  type LedgerSearchInput,
  ledgerSearchCriteriaOf,
  matchesLedgerSearch,
} from '../../domain/ledger-search';
import { bearer, signIn } from './helpers/auth';
import { createBacklogItem, createLedgerItem, insertLedgerItems } from './helpers/ledger-factory';
import { readsLedger, statementsDuring } from './helpers/statements';
import { createTestApp, type TestApp } from './helpers/test-app';

const URL = '/api/v1/spec/search-result-ledgerItem';
const IN_2026 = { from_date: '2026-01-01', to_date: '2026-12-31' };

let t: TestApp;
const tokens: Record<string, string> = {};

// A known ledger. Customer 10001 gets lines that exercise every filter; 10002 and 20001 get lines
// that share its words, so that a leak across customers would show.
const L = {
  a: createLedgerItem({
    sale_order_no: 'SO2611-000754',
    delivery_no: 'DN2611-000321',
    shipping_label_number: '462055082796',
    sale_order_date: '2026-10-01',
    item_name: 'KR-1020-BK',
    model_name: '屋根用取付金具 KR-1020 (ブラック)',
    property_name: '山田様邸 新築工事',
    destination_name1: '山田様邸 現場',
    quantity: 100,
  }),
  b: createBacklogItem({
    sale_order_no: 'SO2611-000799',
    sale_order_date: '2026-10-15',
    expected_delivery_date: '2026-12-01',
    item_name: 'KR-1030-SV',
    model_name: '屋根用取付金具 KR-1030 (シルバー)',
    property_name: '八王子市営住宅 第2団地 屋根改修',
    destination_name1: '株式会社東和ルーフ 本社',
    destination_name2: '資材センター',
    quantity: 40,
  }),
  c: createLedgerItem({
    sale_order_date: '2026-09-20',
    shipped_date: '2026-09-25',
    item_name: 'KR-1030',
    model_name: '屋根用取付金具 KR-1030',
    property_name: '佐藤様邸 屋根改修工事',
    destination_name1: '佐藤様邸 現場',
    quantity: 20,
  }),
  d: createLedgerItem({
    sale_order_date: '2026-08-01',
    shipped_date: '2026-08-03',
    item_name: 'KR-2040-BK',
    model_name: '屋根用取付金具 KR-2040 (ブラック)',
    property_name: '丸栄物流 物流センター 太陽光発電設備設置工事',
    destination_name1: '丸栄物流 物流センター 現場',
    quantity: 60,
  }),
  e: createBacklogItem({
    sale_order_date: '2026-07-01',
    item_name: 'SR-200-ZAM',
    model_name: '太陽光架台 SR-200 (ZAM鋼板)',
    property_name: '山田様邸 太陽光発電設置工事',
    destination_name1: '山田様邸 現場',
    quantity: 5,
    expected_delivery_date: '1900-05-10',
  }),
  f: createLedgerItem({
    sale_order_date: '2026-06-01',
    shipped_date: '2026-06-02',
    item_name: 'SPM-450-AL',
    model_name: 'パネル取付レール SPM-450 (アルミ)',
    property_name: '100%再生材 倉庫 屋根改修',
    quantity: 30,
  }),
  g: createLedgerItem({
    sale_order_date: '2026-05-01',
    shipped_date: '2026-05-02',
    item_name: 'CL-35-BK',
    model_name: '中間クランプ CL-35 (ブラック)',
    property_name: '型_A 社宅 新築工事',
    quantity: 200,
  }),
  h: createBacklogItem({
    sale_order_date: '2026-04-01',
    item_name: 'RF-100-GL',
    model_name: '棟包み板金 RF-100 (ガルバリウム鋼板)',
    property_name: 'C:\\倉庫 屋根改修',
    destination_name2: '現場担当 山田様',
    quantity: 8,
  }),
  i: createLedgerItem({
    sale_order_date: '2025-12-15',
    shipped_date: '2025-12-20',
    item_name: 'KR-1020-SV',
    property_name: '山田様邸 新築工事',
  }),
  j: createLedgerItem({ sale_order_date: '2027-01-10', item_name: 'KR-1020-BK' }),
  k: createLedgerItem({
    sale_order_date: '2026-03-01',
    shipped_date: '2026-03-04',
    item_name: 'SRX-1',
    model_name: 'Solar Rail Zam',
    property_name: 'Riverside Tower 新築工事',
    destination_name1: 'RIVERSIDE TOWER 現場',
    quantity: 12,
  }),
  // Same order date as k, inserted later: a larger id, so first in the newest-first order.
  l: createLedgerItem({
    sale_order_date: '2026-03-01',
    shipped_date: '2026-03-05',
    item_name: 'GT-75-WH',
    model_name: '角樋 GT-75 3.6m (ホワイト)',
    property_name: '鈴木様邸 屋根改修工事',
    quantity: 7,
  }),
};
const ledger10001 = Object.values(L);
const others = [
  createLedgerItem({
    customer_code: 10002,
    // The number of a line of 10001's: a search by number never crosses customers.
    sale_order_no: 'SO2611-000754',
    property_name: '山田様邸 新築工事',
    item_name: 'KR-1020-BK',
  }),
  createBacklogItem({
    customer_code: 10002,
    property_name: '山田様邸 屋根改修',
    item_name: 'KR-1030-SV',
  }),
  createLedgerItem({
    customer_code: 20001,
    property_name: '山田様邸 新築工事',
    item_name: 'KR-1020-BK',
  }),
];
// Lines the core system stored in full-width letters and digits or half-width katakana (customer
// 10002, 2025: outside the windows the other tests search).
const IN_2025 = { from_date: '2025-01-01', to_date: '2025-12-31' };
const W = {
  fullWidth: createLedgerItem({
    customer_code: 10002,
    sale_order_date: '2025-06-01',
    item_name: 'KR-1020-BK',
    model_name: '屋根用取付金具　ＫＲ－１０２０',
    property_name: '第１団地　Ａ棟',
    destination_name1: 'ＲＩＶＥＲＳＩＤＥ 現場',
  }),
  halfWidthKana: createLedgerItem({
    customer_code: 10002,
    sale_order_date: '2025-05-01',
    item_name: 'CL-35-BK',
    model_name: 'ﾁｭｳｶﾝｸﾗﾝﾌﾟ CL-35',
    property_name: 'ｻﾝﾗｲｽﾞ 社宅',
  }),
};
const allLines = [...ledger10001, ...others, ...Object.values(W)];

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
  await insertLedgerItems(t.database.db, allLines);
  for (const who of ['staff', 'admin', 'user', 'multi', 'other']) {
    tokens[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
});
afterAll(async () => t?.close());

const search = (who: string | null, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: URL,
    payload,
    headers: who ? bearer(tokens[who]!) : {},
  });

/** The sale order numbers of an answer, in order. */
async function orderNos(payload: object, who = 'user'): Promise<string[]> {
  const res = await search(who, payload);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const items: LedgerItem[] = Array.isArray(body) ? body : body.items;
  return items.map((item) => item.sale_order_no);
}
const nos = (...lines: LedgerItem[]) => lines.map((l) => l.sale_order_no);

/** Expected answer by the domain rule in memory, newest order date first, then latest inserted. */
function expected(input: LedgerSearchInput): string[] {
  const criteria = ledgerSearchCriteriaOf(input, todayInJapan(new Date()));
  return allLines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => matchesLedgerSearch(line, criteria))
    .sort(
      (x, y) => y.line.sale_order_date.localeCompare(x.line.sale_order_date) || y.index - x.index,
    )
    .map(({ line }) => line.sale_order_no);
}

describe('the answer', () => {
  it('is the plain array of order lines with the spec fields and the four lookup keys', async () => {
    const res = await search('user', { customer_code: 10001, ...IN_2026, status: '全て' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const items: LedgerItem[] = res.json();
    expect(Array.isArray(items)).toBe(true);
    const a = items.find((item) => item.sale_order_no === L.a.sale_order_no);
    expect(a).toEqual(L.a);
    expect(Object.keys(a!).sort()).toEqual(Object.keys(L.a).sort());
  });

  it('sends expected delivery dates as stored: the client rewrites 1900 to 2025 (docs/product.md §4)', async () => {
    const items: LedgerItem[] = (
      await search('user', { customer_code: 10001, ...IN_2026, status: 'backlog' })
    ).json();
    expect(items.find((i) => i.sale_order_no === L.e.sale_order_no)?.expected_delivery_date).toBe(
      '1900-05-10',
    );
  });

  it('orders the lines newest order date first, later lines first on the same date', async () => {
    expect(await orderNos({ customer_code: 10001, ...IN_2026 })).toEqual(
      nos(L.b, L.a, L.c, L.d, L.e, L.f, L.g, L.h, L.l, L.k),
    );
  });
});

describe('filters', () => {
  it('the date range filters the order date, both ends included', async () => {
    expect(
      await orderNos({ customer_code: 10001, from_date: '2026-09-20', to_date: '2026-10-01' }),
    ).toEqual(nos(L.a, L.c));
    expect(
      await orderNos({ customer_code: 10001, from_date: '2026/9/20', to_date: '2026/10/01' }),
    ).toEqual(nos(L.a, L.c));
    // Only a start: up to two years ahead; only an end: from two years back.
    expect(await orderNos({ customer_code: 10001, from_date: '2026-10-02' })).toEqual(
      nos(L.j, L.b),
    );
  });

  it('empty dates search from two years ago to two years ahead of today', async () => {
    const today = todayInJapan(new Date());
    const from = addYears(today, -2);
    const to = addYears(today, 2);
    const lines = [
      createLedgerItem({ customer_code: 30001, sale_order_date: addDays(from, -1) }),
      createLedgerItem({ customer_code: 30001, sale_order_date: from }),
      createLedgerItem({ customer_code: 30001, sale_order_date: today }),
      createLedgerItem({ customer_code: 30001, sale_order_date: to }),
      createLedgerItem({ customer_code: 30001, sale_order_date: addDays(to, 1) }),
    ];
    await insertLedgerItems(t.database.db, lines);
    for (const dates of [{}, { from_date: '', to_date: '' }, { from_date: null, to_date: null }]) {
      expect(await orderNos({ customer_code: 30001, ...dates }, 'staff')).toEqual(
        nos(lines[3]!, lines[2]!, lines[1]!),
      );
    }
  });

  it('status all / shipped / backlog, as codes or in Japanese', async () => {
    const backlog = nos(L.b, L.e, L.h);
    const shipped = nos(L.a, L.c, L.d, L.f, L.g, L.l, L.k);
    for (const status of ['backlog', '受注残']) {
      expect(await orderNos({ customer_code: 10001, ...IN_2026, status })).toEqual(backlog);
    }
    for (const status of ['shipped', '出荷済']) {
      expect(await orderNos({ customer_code: 10001, ...IN_2026, status })).toEqual(shipped);
    }
    for (const status of ['all', '全て', '', undefined]) {
      expect(await orderNos({ customer_code: 10001, ...IN_2026, status })).toHaveLength(10);
    }
  });

  it('searches of one shape, one after another, each answer their own lines', async () => {
    // The server keeps a statement's text per shape (which filters, how many keywords); the
    // values of each search must still be its own.
    const shapes: Partial<LedgerSearchInput>[][] = [
      [{ text_field: ['山田'] }, { text_field: ['佐藤'] }, { text_field: ['100%'] }],
      [{ item_no: 'KR-10' }, { item_no: 'SR' }, { item_no: 'CL' }],
      [
        { text_field: ['様邸', '新築'], search_type_flag: 2 },
        { text_field: ['屋根', '倉庫'], search_type_flag: 2 },
      ],
      [{ product_name: 'ブラック' }, { product_name: 'シルバー' }],
      [{ property_name: '山田' }, { property_name: '倉庫' }],
    ];
    for (const bodies of shapes) {
      for (const body of bodies) {
        const input = { customer_code: 10001, ...IN_2026, ...body };
        expect(expected(input).length, JSON.stringify(body)).toBeGreaterThan(0);
        expect(await orderNos(input), JSON.stringify(body)).toEqual(expected(input));
      }
    }
  });

  it('item-number range: start <= item <= end, compared in upper case', async () => {
    const body = { customer_code: 10001, ...IN_2026 };
    // 'KR-1030-SV' sorts after 'KR-1030', so an end of KR-1030 excludes it.
    expect(await orderNos({ ...body, item_no_start: 'KR-1020', item_no_end: 'kr-1030' })).toEqual(
      nos(L.a, L.c),
    );
    expect(await orderNos({ ...body, item_no_start: 'SPM' })).toEqual(nos(L.e, L.f, L.k));
    expect(await orderNos({ ...body, item_no_end: 'CL-35-BK' })).toEqual(nos(L.g));
  });

  it('item-number range: equal start and end is a prefix match', async () => {
    const body = { customer_code: 10001, ...IN_2026 };
    const kr10 = nos(L.b, L.a, L.c);
    expect(await orderNos({ ...body, item_no_start: 'KR-10', item_no_end: 'KR-10' })).toEqual(kr10);
    expect(await orderNos({ ...body, item_no_start: 'kr-10', item_no_end: 'KR-10 ' })).toEqual(
      kr10,
    );
    // Full-width input counts as ASCII (NFKC), as typed with a Japanese input method.
    expect(await orderNos({ ...body, item_no_start: 'ＫＲ－１０', item_no_end: 'KR-10' })).toEqual(
      kr10,
    );
    // The spec's single item_no field is start and end at once.
    expect(await orderNos({ ...body, item_no: 'KR-10' })).toEqual(kr10);
    expect(await orderNos({ ...body, item_no: 'KR-1030' })).toEqual(nos(L.b, L.c));
    expect(await orderNos({ ...body, item_no: 'KR-1030-SV' })).toEqual(nos(L.b));
    expect(await orderNos({ ...body, item_no: 'KR_' })).toEqual([]);
  });

  it('product name matches the model name and property name the property, case-insensitively', async () => {
    const body = { customer_code: 10001, ...IN_2026 };
    expect(await orderNos({ ...body, product_name: 'zam' })).toEqual(nos(L.e, L.k));
    expect(await orderNos({ ...body, product_name: '取付金具' })).toEqual(nos(L.b, L.a, L.c, L.d));
    expect(await orderNos({ ...body, property_name: '山田様邸' })).toEqual(nos(L.a, L.e));
    expect(await orderNos({ ...body, property_name: 'tower' })).toEqual(nos(L.k));
  });

  it('keywords combined with OR (flag 1) or AND (flag 2) over property, model, destination and item', async () => {
    const body = { customer_code: 10001, ...IN_2026 };
    expect(
      await orderNos({ ...body, text_field: ['山田', 'クランプ'], search_type_flag: 1 }),
    ).toEqual(nos(L.a, L.e, L.g, L.h));
    expect(
      await orderNos({ ...body, text_field: ['山田', '太陽光'], search_type_flag: 2 }),
    ).toEqual(nos(L.e));
    // OR is the default; a string is split at white space, full-width included.
    expect(await orderNos({ ...body, text_field: '山田\u3000クランプ' })).toEqual(
      nos(L.a, L.e, L.g, L.h),
    );
    // Destination name 2 and the item number are searched too, case-insensitively.
    expect(await orderNos({ ...body, text_field: ['資材センター'] })).toEqual(nos(L.b));
    expect(await orderNos({ ...body, text_field: ['riverside'] })).toEqual(nos(L.k));
    expect(await orderNos({ ...body, text_field: ['gt-75-wh'] })).toEqual(nos(L.l));
    // Blank keywords are dropped: no keyword left means no keyword filter.
    expect(await orderNos({ ...body, text_field: ['  ', ''] })).toHaveLength(10);
  });

  it('full-width letters and digits, or half-width katakana, find the lines as typed in ASCII and full-width kana', async () => {
    const body = { customer_code: 10001, ...IN_2026 };
    expect(await orderNos({ ...body, text_field: ['ＫＲ－１０２０'] })).toEqual(nos(L.a));
    expect(await orderNos({ ...body, text_field: ['ｸﾗﾝﾌﾟ'] })).toEqual(
      await orderNos({ ...body, text_field: ['クランプ'] }),
    );
    expect(await orderNos({ ...body, property_name: '第２団地' })).toEqual(nos(L.b));
    expect(await orderNos({ ...body, product_name: 'ｋｒ－１０３０' })).toEqual(nos(L.b, L.c));
    // AND keeps working with a folded keyword beside a plain one.
    expect(
      await orderNos({ ...body, text_field: ['山田', 'ＳＲ－２００'], search_type_flag: 2 }),
    ).toEqual(nos(L.e));
  });

  it('lines stored full-width or in half-width katakana are found by what office users type, in either width', async () => {
    const body = { customer_code: 10002, ...IN_2025 };
    const find = (filter: object) => orderNos({ ...body, ...filter }, 'multi');
    // Keywords: over the property, model and destination names.
    expect(await find({ text_field: ['第1団地'] })).toEqual(nos(W.fullWidth));
    expect(await find({ text_field: ['kr-1020'] })).toEqual(nos(W.fullWidth));
    expect(await find({ text_field: ['Riverside'] })).toEqual(nos(W.fullWidth));
    expect(await find({ text_field: ['クランプ'] })).toEqual(nos(W.halfWidthKana));
    expect(await find({ text_field: ['ｸﾗﾝﾌﾟ'] })).toEqual(nos(W.halfWidthKana));
    expect(await find({ text_field: ['a棟', 'サンライズ'], search_type_flag: 1 })).toEqual(
      nos(W.fullWidth, W.halfWidthKana),
    );
    // The name filters, typed half-width, full-width or in the other kana.
    expect(await find({ property_name: '第1団地 a棟' })).toEqual(nos(W.fullWidth)); // 　 is a space
    expect(await find({ property_name: '第1団地' })).toEqual(nos(W.fullWidth));
    expect(await find({ property_name: '第１団地' })).toEqual(nos(W.fullWidth));
    expect(await find({ property_name: 'サンライズ' })).toEqual(nos(W.halfWidthKana));
    expect(await find({ product_name: 'kr-1020' })).toEqual(nos(W.fullWidth));
    expect(await find({ product_name: 'チュウカン' })).toEqual(nos(W.halfWidthKana));
    // Both kinds of names beside each other, and what no line holds.
    expect(await find({ product_name: 'cl-35', property_name: 'ｻﾝﾗｲｽﾞ' })).toEqual(
      nos(W.halfWidthKana),
    );
    expect(await find({ product_name: 'kr-1030' })).toEqual([]);
  });

  it('%, _ and \\ typed in a keyword or name are matched literally', async () => {
    const body = { customer_code: 10001, ...IN_2026 };
    expect(await orderNos({ ...body, text_field: ['%'] })).toEqual(nos(L.f));
    expect(await orderNos({ ...body, text_field: ['100%再生'] })).toEqual(nos(L.f));
    expect(await orderNos({ ...body, text_field: ['_'] })).toEqual(nos(L.g));
    expect(await orderNos({ ...body, text_field: ['型_a'], search_type_flag: 2 })).toEqual(
      nos(L.g),
    );
    expect(await orderNos({ ...body, text_field: ['\\'] })).toEqual(nos(L.h));
    expect(await orderNos({ ...body, property_name: '%' })).toEqual(nos(L.f));
    expect(await orderNos({ ...body, product_name: '_' })).toEqual([]);
  });

  it('every combination of the filters selects what the domain rule selects', async () => {
    const statuses = ['all', 'backlog', 'shipped'];
    const itemNos = [{}, { item_no: 'KR' }, { item_no_start: 'KR-1030', item_no_end: 'SR' }];
    const names = [{}, { product_name: '金具' }, { property_name: '工事' }];
    const keywords = [
      {},
      { text_field: ['山田', '現場'], search_type_flag: 1 },
      { text_field: ['山田', '現場'], search_type_flag: 2 },
    ];
    const windows = [IN_2026, {}];
    let combinations = 0;
    for (const status of statuses)
      for (const itemNo of itemNos)
        for (const name of names)
          for (const keyword of keywords)
            for (const window of windows) {
              const body = {
                customer_code: 10001,
                status,
                ...itemNo,
                ...name,
                ...keyword,
                ...window,
              };
              expect(await orderNos(body), JSON.stringify(body)).toEqual(expected(body));
              combinations++;
            }
    expect(combinations).toBe(162);
  });
});

describe('finding a line by its number', () => {
  it('a 受注番号, 納品番号 or 送り状番号 finds its line, exact or by its start, with or without hyphens, in full width', async () => {
    const body = { customer_code: 10001, ...IN_2026, status: 'all' };
    for (const order_no of [
      'SO2611-000754',
      'so2611000754',
      'ＳＯ２６１１ー０００７５４',
      ' DN2611-000321 ',
      '462055082796',
      '4620-5508-2796',
      '46205508',
    ]) {
      expect(await orderNos({ ...body, order_no }), order_no).toEqual(nos(L.a));
    }
    expect(await orderNos({ ...body, order_no: 'SO2611-0007' })).toEqual(nos(L.b, L.a));
    expect(await orderNos({ ...body, order_no: '2611-000754' })).toEqual([]);
    expect(await orderNos({ ...body, order_no: 'SO2611%' })).toEqual([]);
  });

  it("finds only the caller's own customer's line of that number", async () => {
    expect(await orderNos({ customer_code: 10001, order_no: 'SO2611-000754' })).toEqual(nos(L.a));
    expect(await orderNos({ customer_code: 10002, order_no: 'SO2611-000754' }, 'staff')).toEqual(
      nos(others[0]!),
    );
    const res = await search('user', { customer_code: 10002, order_no: 'SO2611-000754' });
    expect(res.statusCode).toBe(403);
  });

  it('a keyword chip that reads as a number also finds lines by the start of their numbers', async () => {
    const body = { customer_code: 10001, ...IN_2026, status: 'all' };
    expect(await orderNos({ ...body, text_field: ['SO2611000754'] })).toEqual(nos(L.a));
    expect(await orderNos({ ...body, text_field: ['4620-5508'] })).toEqual(nos(L.a));
    expect(await orderNos({ ...body, text_field: ['SO2611-000799', '佐藤'] })).toEqual(
      nos(L.b, L.c),
    );
    expect(
      await orderNos({ ...body, text_field: ['SO2611-00', '八王子'], search_type_flag: 2 }),
    ).toEqual(nos(L.b));
  });

  it('a number longer than 50 characters → 400 with a Japanese message', async () => {
    const res = await search('user', { customer_code: 10001, order_no: '1'.repeat(51) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual([
      expect.objectContaining({ field: 'order_no', message: '番号は50文字までです。' }),
    ]);
  });
});

describe('the date range applied to a chosen date', () => {
  it('出荷日 or 納品予定日 instead of 受注日; a line without that date is outside', async () => {
    const september = { from_date: '2026-09-21', to_date: '2026-09-30' };
    const body = { customer_code: 10001, status: 'all', ...september };
    expect(await orderNos(body)).toEqual([]);
    expect(await orderNos({ ...body, date_field: 'sale_order_date' })).toEqual([]);
    expect(await orderNos({ ...body, date_field: 'shipped_date' })).toEqual(nos(L.c));
    const december = { customer_code: 10001, from_date: '2026-12-01', to_date: '2026-12-31' };
    expect(await orderNos({ ...december, date_field: 'expected_delivery_date' })).toEqual(nos(L.b));
    // A backlog line has no shipped date: no shipped-date window holds it.
    expect(
      await orderNos({ customer_code: 10001, status: 'backlog', date_field: 'shipped_date' }),
    ).toEqual([]);
  });

  it('each date kind with the other filters selects what the domain rule selects', async () => {
    for (const date_field of ['sale_order_date', 'shipped_date', 'expected_delivery_date'])
      for (const status of ['all', 'backlog', 'shipped'])
        for (const window of [IN_2026, { from_date: '2026-10-01' }, {}]) {
          const body = { customer_code: 10001, status, date_field, ...window };
          expect(await orderNos(body), JSON.stringify(body)).toEqual(
            expected(body as LedgerSearchInput),
          );
        }
  });

  it('an unknown date kind → 400 naming the three kinds in Japanese', async () => {
    const res = await search('user', { customer_code: 10001, date_field: 'created_at' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual([
      expect.objectContaining({
        field: 'date_field',
        message: expect.stringContaining('納品予定日'),
      }),
    ]);
  });
});

describe('paging and sorting (optional fields beyond the spec)', () => {
  const body = { customer_code: 10001, ...IN_2026 };

  it('answers one page with the total; pages cover every line once', async () => {
    const all = await orderNos(body);
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await search('user', { ...body, page, page_size: 3 });
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer).toMatchObject({ total: 10, page, page_size: 3 });
      expect(answer.items.length).toBe(page < 4 ? 3 : 1);
      seen.push(...answer.items.map((i: LedgerItem) => i.sale_order_no));
    }
    expect(seen).toEqual(all);
    const beyond = (await search('user', { ...body, page: 9, page_size: 3 })).json();
    expect(beyond).toEqual({ items: [], total: 10, page: 9, page_size: 3 });
  });

  it('page alone uses 100 lines a page; sort alone answers page 1', async () => {
    expect((await search('user', { ...body, page: 1 })).json()).toMatchObject({
      total: 10,
      page: 1,
      page_size: 100,
    });
    const sorted = (
      await search('user', { ...body, sort: { field: 'quantity', direction: 'desc' } })
    ).json();
    expect(sorted).toMatchObject({ total: 10, page: 1, page_size: 100 });
  });

  it('sorts by each whitelisted column in both directions, the total unchanged by paging', async () => {
    const by = async (field: string, direction: string, status = 'all') =>
      (
        await search('user', {
          ...body,
          status,
          page: 1,
          page_size: 100,
          sort: { field, direction },
        })
      ).json().items as LedgerItem[];
    expect((await by('quantity', 'asc')).map((i) => i.quantity)).toEqual([
      5, 7, 8, 12, 20, 30, 40, 60, 100, 200,
    ]);
    expect((await by('quantity', 'desc')).map((i) => i.quantity)).toEqual([
      200, 100, 60, 40, 30, 20, 12, 8, 7, 5,
    ]);
    // Backlog lines have no shipped date: last in both directions.
    const shipped = (await by('shipped_date', 'asc')).map((i) => i.shipped_date);
    expect(shipped.slice(0, 7)).toEqual([...shipped.slice(0, 7)].sort());
    expect(shipped.slice(7)).toEqual([null, null, null]);
    const shippedDesc = (await by('shipped_date', 'desc')).map((i) => i.shipped_date);
    expect(shippedDesc.slice(0, 7)).toEqual([...shippedDesc.slice(0, 7)].sort().reverse());
    expect(shippedDesc.slice(7)).toEqual([null, null, null]);
    // Text sorts by code point (COLLATE "C"), as a JavaScript sort does: 出 (U+51FA) before 受.
    expect((await by('status', 'asc')).map((i) => i.status)).toEqual([
      ...Array(7).fill('出荷済'),
      ...Array(3).fill('受注残'),
    ]);
    expect((await by('status', 'desc')).map((i) => i.status)[0]).toBe('受注残');
    for (const field of [
      'property_name',
      'destination_name1',
      'item_name',
      'model_name',
      'sale_order_date',
      'sale_order_no',
      'expected_delivery_date',
    ]) {
      const asc = (await by(field, 'asc')).map((i) => i[field as keyof LedgerItem] as string);
      expect(asc, field).toEqual([...asc].sort());
      const desc = (await by(field, 'desc')).map((i) => i[field as keyof LedgerItem] as string);
      expect(desc, field).toEqual([...desc].sort().reverse());
    }
  });

  it('refuses a column outside the whitelist and a page size above 1000', async () => {
    for (const extra of [
      { sort: { field: 'unit_price', direction: 'asc' } },
      { sort: { field: 'id; drop table ledger_items', direction: 'asc' } },
      { sort: { field: 'quantity', direction: 'up' } },
      { page_size: 1001 },
      { page: 0 },
    ]) {
      const res = await search('user', { ...body, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('who may search which customer', () => {
  it("a general user cannot read another customer's order lines", async () => {
    for (const code of [10002, 20001, 55555]) {
      const res = await search('user', { customer_code: code, ...IN_2026 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      expect(res.body).not.toContain('SO-T-');
    }
    expect((await search('other', { customer_code: 10001 })).statusCode).toBe(403);
  });

  it('a corporate administrator searches only their own customer code, not the rest of the corporation', async () => {
    expect((await search('admin', { customer_code: 10001, ...IN_2026 })).statusCode).toBe(200);
    // docs/product.md §12: others only their own customer code for orders.
    for (const code of [10002, 20001]) {
      const res = await search('admin', { customer_code: code, ...IN_2026, page: 1 });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('SO-T-');
    }
  });

  it('a user holding two customer codes searches both', async () => {
    expect(await orderNos({ customer_code: 10002, ...IN_2026 }, 'multi')).toEqual(
      nos(others[1]!, others[0]!),
    );
  });

  it('staff search any customer; an unknown customer has no lines', async () => {
    expect(await orderNos({ customer_code: 20001, ...IN_2026 }, 'staff')).toEqual(nos(others[2]!));
    expect(await orderNos({ customer_code: 55555 }, 'staff')).toEqual([]);
  });

  it('login_user_id in the body changes nothing; without a token the answer is 401', async () => {
    const res = await search('user', { customer_code: 10002, login_user_id: 1 });
    expect(res.statusCode).toBe(403);
    expect((await search(null, { customer_code: 10001 })).statusCode).toBe(401);
  });
});

// The search used to start before the caller was checked, so a refused caller
// still made the database read the ledger (and the refusal took as long as the search). What
// reaches the database is observed at the driver both drivers share the shape of: every statement
// of the server, Drizzle's and the hand-built ones alike, is a query() call on db.$client (PGlite,
// or the node-postgres pool; the search runs outside any transaction).
describe('a refused search never reaches the ledger', () => {
  it('a caller refused a customer gets 403 and the database is sent no ledger statement', async () => {
    // The observation works: an allowed search is seen reading the ledger, paged and unpaged. A
    // window no other test searched: an answer already cached (docs/decisions/018) reads no line.
    // The refusals below ask the same window, so the answer of 10001 is in the cache by then.
    const window = { from_date: '2026-01-02', to_date: '2026-12-31' };
    for (const extra of [{}, { page: 1 }]) {
      const allowed = await statementsDuring(t, async () => {
        expect(
          (await search('user', { customer_code: 10001, ...window, ...extra })).statusCode,
        ).toBe(200);
      });
      expect(readsLedger(allowed).length).toBeGreaterThan(0);
    }
    const refusals: [string, number, object][] = [
      ['user', 20001, {}],
      ['user', 10002, { page: 1, page_size: 1000 }],
      ['admin', 10002, { text_field: ['山田'], search_type_flag: 1, page: 1 }],
      ['other', 10001, {}],
      ['other', 10001, { page: 1 }],
    ];
    for (const [who, code, extra] of refusals) {
      const statements = await statementsDuring(t, async () => {
        const res = await search(who, { customer_code: code, ...window, ...extra });
        expect(res.statusCode, `${who} → ${code}`).toBe(403);
      });
      // The caller's rows were read (the check ran), the ledger never.
      expect(statements.length, `${who} → ${code}`).toBeGreaterThan(0);
      expect(readsLedger(statements), `${who} → ${code}`).toEqual([]);
    }
  });
});

describe('invalid searches', () => {
  it.each([
    ['no customer code', {}, 'customer_code'],
    ['a customer code that is not a number', { customer_code: 'abc' }, 'customer_code'],
    ['a day that does not exist', { customer_code: 10001, from_date: '2026-02-30' }, 'from_date'],
    ['a date in another format', { customer_code: 10001, to_date: '01.10.2026' }, 'to_date'],
    [
      'a start after the end',
      { customer_code: 10001, from_date: '2026-10-02', to_date: '2026-10-01' },
      'to_date',
    ],
    ['an unknown status', { customer_code: 10001, status: 'cancelled' }, 'status'],
    ['search_type_flag 3', { customer_code: 10001, search_type_flag: 3 }, 'search_type_flag'],
    [
      'six keywords',
      { customer_code: 10001, text_field: ['a', 'b', 'c', 'd', 'e', 'f'] },
      'text_field',
    ],
    [
      'item_no together with a range',
      { customer_code: 10001, item_no: 'KR', item_no_end: 'SR' },
      'item_no',
    ],
  ])('%s → 400 in the error shape', async (_name, payload, field) => {
    const res = await search('user', payload);
    expect(res.statusCode).toBe(400);
    const error = res.json();
    expect(error).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(error.fieldErrors.map((e: { field: string }) => e.field)).toContain(field);
    expect(error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it('five keywords after dropping blanks and repeats are fine', async () => {
    const res = await search('user', {
      customer_code: 10001,
      text_field: ['a', 'b', ' ', 'c', 'a', 'd', 'e', ''],
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the total of a search on text is counted ten pages ahead', () => {
  // 2,500 lines of customer 30002, every other one at a 山田 site: 1,250 match the keyword.
  const body = { customer_code: 30002, ...IN_2026 };
  beforeAll(async () => {
    await t.database.db.execute(sql`
      insert into ledger_items (customer_code, status, sale_order_no, sale_order_line_no,
        sale_order_date, item_name, model_name, property_name, quantity, unit_price, amount)
      select 30002, '出荷済', 'SO-CAP-' || lpad(g::text, 5, '0'), 1, date '2026-03-01' + (g % 200),
        'BT-M8-25', 'ボルト M8', case when g % 2 = 0 then '山田様邸 新築工事' else '佐藤様邸 新築工事' end,
        10, 46, 460
      from generate_series(1, 2500) as g`);
  });

  const page = async (extra: object) => {
    const res = await search('staff', { ...body, ...extra });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('a keyword matching more than ten pages answers "at least" ten pages, then the exact total near the end', async () => {
    const first = await page({ text_field: ['山田'], page: 1, page_size: 100 });
    expect(first).toMatchObject({ total: 1000, total_capped: true, page: 1 });
    expect(first.items).toHaveLength(100);
    expect(first.items.every((i: LedgerItem) => i.property_name.startsWith('山田'))).toBe(true);
    // From page 4 on, ten pages ahead reach past the 1,250 matches: the exact total.
    const fourth = await page({ text_field: ['山田'], page: 4, page_size: 100 });
    expect(fourth.total).toBe(1250);
    expect(fourth).not.toHaveProperty('total_capped');
    const last = await page({ text_field: ['山田'], page: 13, page_size: 100 });
    expect(last.items).toHaveLength(50);
    expect(last.total).toBe(1250);
    // Ten pages of a thousand lines: exact at once.
    expect(await page({ property_name: '山田', page: 1, page_size: 1000 })).toMatchObject({
      total: 1250,
    });
  });

  it('product and property names count the same way; searches without text count exactly', async () => {
    expect(await page({ property_name: '様邸', page: 2, page_size: 100 })).toMatchObject({
      total: 1100,
      total_capped: true,
    });
    expect(await page({ product_name: 'm8', page: 1, page_size: 50 })).toMatchObject({
      total: 500,
      total_capped: true,
    });
    const exact = await page({ item_no: 'BT-M8', page: 1, page_size: 100 });
    expect(exact.total).toBe(2500);
    expect(exact).not.toHaveProperty('total_capped');
    // A capped count never hides lines: the pages still reach every match.
    const far = await page({ text_field: ['佐藤'], page: 12, page_size: 100 });
    expect(far.items).toHaveLength(100);
    expect(far.total).toBe(1250);
  });
});

describe('the unpaged answer has a ceiling', () => {
  it('more than 20,000 lines → 400 asking for a shorter period; paged, the same search works', async () => {
    await t.database.db.execute(sql`
      insert into ledger_items (customer_code, status, sale_order_no, sale_order_line_no,
        sale_order_date, item_name, quantity, unit_price, amount)
      select 40001, '出荷済', 'SO-BULK-' || g, 1, date '2026-06-01' + (g % 100), 'BT-M8-25', 100, 46, 4600
      from generate_series(1, 20001) as g`);
    const body = { customer_code: 40001, ...IN_2026 };
    const res = await search('staff', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      code: 'TOO_MANY_RESULTS',
      message: LEDGER_TOO_MANY_ROWS_MESSAGE,
    });
    const page = await search('staff', { ...body, page: 201, page_size: 100 });
    expect(page.json()).toMatchObject({ total: 20001, page: 201 });
    expect(page.json().items).toHaveLength(1);

    await t.database.db.execute(sql`delete from ledger_items where sale_order_no = 'SO-BULK-1'`);
    const atCeiling = await search('staff', body);
    expect(atCeiling.statusCode).toBe(200);
    expect(atCeiling.json()).toHaveLength(20000);
  });
});
