import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { auditLog } from '../../db/schema';
import { LEDGER_EXPORT_RETRY_AFTER_SECONDS } from '../../domain/ledger-export';
import { DEFAULT_LEDGER_SORT, ledgerSearchCriteriaOf } from '../../domain/ledger-search';
import {
  EXPORT_PAGE_LINES,
  EXPORT_PAGE_LINES_EMBEDDED,
  iterateLedgerItems,
} from '../../server/repositories/ledger-repository';
import { bearer, signIn } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// How many exports run at once, and other people's requests while one runs (docs/decisions/024).
// Over real HTTP: an export whose reader does not read stays running, as a slow download does.

const EXPORT = '/api/v1/spec/export-ledgerItem';
const SEARCH = '/api/v1/spec/search-result-ledgerItem';
const IN_2026 = { from_date: '2026-01-01', to_date: '2026-12-31' };

/**
 * `n` lines of `customer` in 2026. With the default text, each is about 3 KB: 8,000 of them are a
 * CSV of some 25 MB, more than the kernel's socket buffers hold, so an export nobody reads cannot
 * finish.
 */
const linesOf = (customer: number, n: number, prefix: string, textRepeat = 170) => sql`
  insert into ledger_items (customer_code, status, sale_order_no, sale_order_line_no, delivery_no,
    delivery_line_no, sale_order_date, shipped_date, item_name, quantity, unit_price, amount,
    property_name, model_name, destination_address)
  select ${customer}::int, '出荷済', ${prefix}::text || lpad(g::text, 6, '0'), 1,
    ${prefix}::text || 'D' || lpad(g::text, 6, '0'), 1,
    date '2026-01-01' + (g % 300), date '2026-01-03' + (g % 300), 'KR-' || g, 1 + g % 9, 12800,
    (1 + g % 9) * 12800, repeat('物件', ${textRepeat}) || g, repeat('型式', ${textRepeat}),
    repeat('住所', ${textRepeat})
  from generate_series(1, ${n}::int) as g`;

let t: TestApp;
let base = '';
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: { LEDGER_EXPORT_MAX_PER_USER: '1', LEDGER_EXPORT_MAX_TOTAL: '2' },
  });
  await t.database.db.execute(linesOf(10001, 8000, 'FAT'));
  await t.database.db.execute(linesOf(20001, 8000, 'FAO'));
  // Lines of ordinary length: reading them, not writing the file, is most of their export's time.
  await t.database.db.execute(linesOf(30001, 30_000, 'ORD', 5));
  for (const who of ['user', 'multi', 'other', 'staff']) {
    tokens[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => t?.close());

const post = (who: string, url: string, body: object, signal?: AbortSignal) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { ...bearer(tokens[who]!), 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });

/**
 * An export started and left unread: its answer's headers are in, its file is still being made.
 * Asked again while refused with 429: an export of an earlier test may not have ended yet (the
 * server frees its place when it sees the connection close).
 */
async function startExport(who: string, customer: number, format: 'csv' | 'xlsx') {
  const abort = new AbortController();
  const body = { customer_code: customer, ...IN_2026, format };
  const res = await vi.waitFor(
    async () => {
      const answer = await post(who, EXPORT, body, abort.signal);
      if (answer.status === 429) await answer.body?.cancel();
      expect(answer.status).toBe(200);
      return answer;
    },
    { timeout: 20_000, interval: 50 },
  );
  return {
    /** Reads the file to its end. */
    finish: async () => (await res.arrayBuffer()).byteLength,
    /** Goes away in the middle, as a cancelled download does. */
    cancel: () => abort.abort(),
  };
}

async function expectBusy(who: string, customer: number, message: string) {
  const res = await post(who, EXPORT, { customer_code: customer, ...IN_2026, format: 'csv' });
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe(String(LEDGER_EXPORT_RETRY_AFTER_SECONDS));
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message });
}

const auditCount = async () => (await t.database.db.select().from(auditLog)).length;

describe('exports at once', () => {
  it('a person with an export running is answered 429 with Retry-After for the next, whatever the format, until it ends', async () => {
    const running = await startExport('user', 10001, 'csv');
    const audits = await auditCount();
    const mine = '実行中の出力が1件あります。出力が終わってから、もう一度お試しください。';
    await expectBusy('user', 10001, mine);
    const xlsx = await post('user', EXPORT, { customer_code: 10001, ...IN_2026, format: 'xlsx' });
    expect(xlsx.status).toBe(429);
    await xlsx.body?.cancel();
    // A refused export is not in the audit log: nothing was exported.
    expect(await auditCount()).toBe(audits);
    // Another person of the same customer is not held by it.
    const theirs = await startExport('multi', 10001, 'xlsx');
    expect(await theirs.finish()).toBeGreaterThan(0);
    expect(await running.finish()).toBeGreaterThan(20_000_000);
    // Ended: the person may export again.
    const again = await startExport('user', 10001, 'csv');
    expect(await again.finish()).toBeGreaterThan(20_000_000);
  });

  it("with the most exports running, anyone's next is answered 429 with Retry-After; a cancelled download frees its place", async () => {
    const first = await startExport('user', 10001, 'csv');
    const second = await startExport('other', 20001, 'xlsx');
    const full = 'ただいま出力が混み合っています。10秒ほど待ってから、もう一度お試しください。';
    await expectBusy('staff', 10001, full);
    await expectBusy('multi', 10001, full);
    first.cancel();
    // The server sees the connection close and frees the place: the next export is taken.
    const third = await startExport('staff', 20001, 'csv');
    await expectBusy('multi', 10001, full);
    expect(await second.finish()).toBeGreaterThan(0);
    expect(await third.finish()).toBeGreaterThan(20_000_000);
  });
});

describe('other people while an export runs', () => {
  // The embedded database runs statements on the server's one thread: before, an .xlsx export read
  // all its pages in one go and nobody else was answered until it had. The bound is generous, a
  // third of the export's own time, so that a busy machine does not fail it; the figures are in
  // bench/export.ts (npm run bench, BENCH_ONLY=export).
  it("another person's searches and /healthz are answered while an .xlsx export of 30,000 lines runs, each within a third of its time", async () => {
    const started = performance.now();
    const exported = await startExport('staff', 30001, 'xlsx');
    let done = false;
    const file = exported.finish().finally(() => {
      done = true;
    });
    const searches: number[] = [];
    const healths: number[] = [];
    let page = 1;
    while (!done) {
      const asked = performance.now();
      page = (page % 20) + 1;
      const res = await post('other', SEARCH, {
        customer_code: 20001,
        ...IN_2026,
        page,
        page_size: 50,
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      if (!done) searches.push(performance.now() - asked);
      const healthAsked = performance.now();
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      if (!done) healths.push(performance.now() - healthAsked);
    }
    await file;
    const exportMs = performance.now() - started;
    expect(
      searches.length,
      `searches answered during the export (${Math.round(exportMs)} ms)`,
    ).toBeGreaterThanOrEqual(3);
    expect(Math.max(...searches)).toBeLessThan(exportMs / 3);
    expect(Math.max(...healths)).toBeLessThan(exportMs / 3);
  });
});

describe("the export's pages", () => {
  const criteria = () => ledgerSearchCriteriaOf({ customer_code: 30001, ...IN_2026 }, '2026-11-27');

  it.runIf(process.env.DATABASE_URL)('are 2,000 lines on PostgreSQL', async () => {
    const pages = iterateLedgerItems(t.database.db, criteria(), DEFAULT_LEDGER_SORT);
    expect((await pages.next()).value).toHaveLength(EXPORT_PAGE_LINES);
    await pages.return(undefined);
  });

  // The embedded database runs one statement at a time on the server's thread, in the order they
  // are asked for: another request's statement asked for while the export writes a page runs
  // before the export's next page, not after the page it used to read ahead.
  it.skipIf(process.env.DATABASE_URL)(
    "are 500 lines on PGlite, and another request's statement runs before the next page",
    async () => {
      const pages = iterateLedgerItems(t.database.db, criteria(), DEFAULT_LEDGER_SORT);
      const first = await pages.next();
      expect(first.value).toHaveLength(EXPORT_PAGE_LINES_EMBEDDED);
      const order: string[] = [];
      const next = pages.next().then(() => order.push('next page'));
      const other = queryRows(t.database.db, { sql: 'select 1 as one', params: [] }).then(() =>
        order.push("another request's statement"),
      );
      await Promise.all([next, other]);
      expect(order).toEqual(["another request's statement", 'next page']);
      await pages.return(undefined);
    },
  );
});
