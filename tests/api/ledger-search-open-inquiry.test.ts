import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerItem } from '../../domain/api/ledger';
import { bearer, signIn } from './helpers/auth';
import { createLedgerItem, insertLedgerItems } from './helpers/ledger-factory';
import { createTestApp, type TestApp } from './helpers/test-app';

// The order list's 問い合わせ中 (docs/decisions/032): a page of the search marks the lines a
// request not yet 完了 names, and `open_inquiry: true` finds only them. The mark is added after
// the answer cache, so it follows the requests though they leave the ledger's version as it is.

const SEARCH = '/api/v1/spec/search-result-ledgerItem';
const WINDOW = { from_date: '2026-11-01', to_date: '2026-11-30', status: 'all' };
const PAGE = { ...WINDOW, page: 1, page_size: 100 };

/** Opening an app (PGlite and its migrations) took over two minutes on a loaded 2-core machine. */
const OPEN_TIMEOUT_MS = 300_000;

let t: TestApp;
const token = {} as Record<'user' | 'other' | 'staff', string>;
let asked: LedgerItem;
let sameOrder: LedgerItem;
let otherOrder: LedgerItem;

const keyOf = (l: LedgerItem) => ({
  sale_order_no: l.sale_order_no,
  sale_order_line_no: l.sale_order_line_no,
  delivery_no: l.delivery_no,
  delivery_line_no: l.delivery_line_no,
});

async function search(who: keyof typeof token, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: SEARCH,
    payload: { customer_code: 10001, ...body },
    headers: bearer(token[who]),
  });
  return res;
}

/** The page's lines of this test as order number/line → whether marked. */
async function marks(who: keyof typeof token, body: object = PAGE) {
  const res = await search(who, body);
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json().items as (LedgerItem & { open_inquiry?: boolean })[];
  return Object.fromEntries(
    items
      .filter((i) => i.property_name === '問い合わせ確認邸')
      .map((i) => [`${i.sale_order_no}/${i.sale_order_line_no}`, i.open_inquiry ?? false]),
  );
}

async function setState(id: number, state: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/inquiries/${id}/state`,
    payload: { state },
    headers: bearer(token.staff),
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ seed: { ledgerLinesPerCustomer: 5 } });
  for (const who of ['user', 'other', 'staff'] as const) {
    token[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
  const line = (overrides: Partial<LedgerItem>) =>
    createLedgerItem({
      property_name: '問い合わせ確認邸',
      sale_order_date: '2026-11-10',
      ...overrides,
    });
  asked = line({});
  sameOrder = line({ sale_order_no: asked.sale_order_no, sale_order_line_no: 2 });
  otherOrder = line({});
  await insertLedgerItems(t.database.db, [asked, sameOrder, otherOrder]);
}, OPEN_TIMEOUT_MS);
afterAll(async () => t?.close());

describe('the order list marks lines with an open request', () => {
  it('marks the line asked about on the page, follows its state, and never in the spec array', async () => {
    // Searched once before the request, so that the page is in the answer cache.
    expect(Object.values(await marks('user'))).toEqual([false, false, false]);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/inquiries',
      payload: { category: 'delivery-date', text: 'いつ出荷されますか。', lines: [keyOf(asked)] },
      headers: bearer(token.user),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as number;

    const expected = {
      [`${asked.sale_order_no}/1`]: true,
      [`${sameOrder.sale_order_no}/2`]: false,
      [`${otherOrder.sale_order_no}/1`]: false,
    };
    expect(await marks('user')).toEqual(expected);
    expect(await marks('staff')).toEqual(expected);

    // 回答済 is still open; 完了 is not.
    await setState(id, 'answered');
    expect((await marks('user'))[`${asked.sale_order_no}/1`]).toBe(true);
    await setState(id, 'closed');
    expect((await marks('user'))[`${asked.sale_order_no}/1`]).toBe(false);
    await setState(id, 'open');

    const array = await search('user', WINDOW);
    expect(array.statusCode).toBe(200);
    const line = (array.json() as Record<string, unknown>[]).find(
      (i) => i.sale_order_no === asked.sale_order_no && i.sale_order_line_no === 1,
    );
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty('open_inquiry');
  });

  it('問い合わせ中 finds only the lines with an open request, on every page and in the total', async () => {
    const res = await search('user', { ...PAGE, open_inquiry: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ ...keyOf(asked), open_inquiry: true });

    // Without the filter every line of the window is there again.
    const all = await search('user', PAGE);
    expect(all.json().total).toBeGreaterThan(1);
  });

  it('another customer neither sees the lines nor learns of the request', async () => {
    expect((await search('other', { ...PAGE, open_inquiry: true })).statusCode).toBe(403);
  });

  it('a filter value that is not true or false is a 400 with a Japanese message', async () => {
    const res = await search('user', { ...PAGE, open_inquiry: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  });
});
