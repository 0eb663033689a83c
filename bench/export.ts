// The export part of `npm run bench` (BENCH_ONLY=export): .xlsx and CSV exports of 1,000, 10,000 and
// 100,000 lines of one customer through the real server over HTTP — time to the last byte, bytes,
// and the process's peak RSS growth during the export (sampled every 50 ms; the server runs in this
// process, the client only counts the bytes) — beside reading the same lines from the database
// (the export's keyset pages, no file) and the search's answer for them. Figures are printed,
// never asserted.
//
// Then the exports beside other people: 1, 4 and 8 exports of 100,000 lines at once (of one staff
// account each, the limits lifted to let them all run) while a general user searches their own
// orders page after page and /healthz is asked in a loop: the search's and /healthz's latency
// (p50, p95, max) against the same loops with no export, the exports' time and the peak RSS growth.
//
//   BENCH_EXPORT_SIZES=1k,10k,100k   lines of the exported customers
//   BENCH_EXPORT_PARALLEL=1,4,8      exports at once in the second part; 0 leaves it out
//   BENCH_EXPORT_SINGLE=0            leaves the first part out
//   DATABASE_URL=…                   PostgreSQL (a database of its own); default PGlite in a temp dir
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { isDatabaseEmpty } from '../db/seed/seed-demo-data';
import { todayInJapan } from '../domain/japan-time';
import { DEFAULT_LEDGER_SORT, ledgerSearchCriteriaOf } from '../domain/ledger-search';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPlatform, seedDemoIfEmpty } from '../server/platform';
import { iterateLedgerItems } from '../server/repositories/ledger-repository';
import { accessToken } from './access-token';
import { BENCH_CUSTOMER_BASE, BENCH_CUSTOMER_COUNT, ensureBenchCustomers } from './ledger-data';
import { measured, percentile } from './stats';

const EXPORT_URL = '/api/v1/spec/export-ledgerItem';
const SEARCH_URL = '/api/v1/spec/search-result-ledgerItem';

function parseSizes(text: string): number[] {
  return text.split(',').map((s) => {
    const match = /^(\d+)(k?)$/.exec(s.trim().toLowerCase());
    if (!match) throw new Error(`BENCH_EXPORT_SIZES: cannot read "${s}" (e.g. 1k,10k,100k)`);
    return Number(match[1]) * (match[2] ? 1000 : 1);
  });
}

/** Lines of one customer in the default search window, with realistic Japanese text. */
const insertLines = `
  insert into ledger_items (customer_code, status, sale_order_no, sale_order_line_no, delivery_no,
    delivery_line_no, sale_order_date, shipped_date, expected_delivery_date, delivery_request,
    property_name, item_name, model_name, quantity, unit_price, amount, destination_name1,
    destination_name2, destination_address, contact_person, transportation, shipping_label_number,
    invoice_file_name, shipped_file_name, delivery_file_name)
  select $1::int, case when g % 8 = 0 then '受注残' else '出荷済' end,
    'EXP' || $1::text || lpad(g::text, 7, '0'), 1, 'EXD' || $1::text || lpad(g::text, 7, '0'), 1,
    $3::date - (g % 700)::int, case when g % 8 = 0 then null else $3::date - (g % 700)::int + 3 end,
    case when g % 50 = 0 then '1900-05-10'::date else $3::date - (g % 700)::int + 5 end,
    case when g % 5 = 0 then '午前指定' end,
    (array['山田様邸 新築工事', '八王子市営住宅 第2団地 屋根改修', '丸栄物流 物流センター 太陽光発電設備設置工事', '=SUM(A1)'])[1 + g % 4],
    (array['KR-1020-BK', 'SR-200-GL', 'CL-35-BK', 'RF-100-GL'])[1 + g % 4],
    (array['屋根用取付金具 KR-1020 (ブラック)', '太陽光架台 SR-200 (ガルバリウム)', '中間クランプ CL-35 (ブラック)'])[1 + g % 3],
    1 + g % 200, 12800, (1 + g % 200) * 12800,
    '株式会社東和ルーフ 本社', '資材センター', '東京都八王子市明神町1-2-3', '佐藤 一郎',
    (array['ヤマト運輸', '佐川急便', '西濃運輸', '自社便'])[1 + g % 4],
    case when g % 8 = 0 then '' else lpad((g * 7919 % 1000000000000)::text, 12, '0') end,
    '請求書_EXP' || g || '.pdf', '出荷案内_EXP' || g || '.pdf', ''
  from generate_series(1, $2::int) as g`;

async function download(url: string, auth: string, body: object): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

/** Latencies of a loop of requests, in ms: p50, p95, max and how many. */
function latencies(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/**
 * Asks `ask` again and again, one at a time, until `until` settles: the latency of each answer.
 * Two loops side by side: the searching user's and /healthz's.
 */
async function loopUntil(
  until: Promise<unknown>,
  ask: () => Promise<number>,
): Promise<{ samples: number[]; failed: number }> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const samples: number[] = [];
  let failed = 0;
  while (!done) {
    const started = performance.now();
    // A refused or timed-out answer (408 when the server did not read the request in time) is
    // counted apart, its time with the others.
    const status = await ask().catch(() => 0);
    samples.push(performance.now() - started);
    if (status !== 200) failed++;
  }
  return { samples, failed };
}

interface ContentionSetup {
  base: string;
  exportAuth: string;
  exportCustomer: number;
  searchAuth: string;
  searchCustomer: number;
}

/** N exports at once while a general user searches and /healthz is asked: one row of the table. */
async function contention(setup: ContentionSetup, parallel: number) {
  const { base, exportAuth, exportCustomer, searchAuth, searchCustomer } = setup;
  let page = 1;
  const search = async () => {
    // Pages 2–21 of 50 lines: page 1's whole answer may come from the answer cache (decision 018).
    page = (page % 20) + 1;
    const res = await fetch(`${base}${SEARCH_URL}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${searchAuth}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customer_code: searchCustomer, page: page + 1, page_size: 50 }),
    });
    await res.arrayBuffer();
    return res.status;
  };
  const health = async () => {
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    return res.status;
  };
  const work: Promise<number[]> =
    parallel === 0
      ? new Promise((resolve) => setTimeout(() => resolve([]), 3000))
      : Promise.all(
          Array.from({ length: parallel }, () =>
            // A refused (429) or broken download counts as failed.
            download(`${base}${EXPORT_URL}`, exportAuth, {
              customer_code: exportCustomer,
              format: 'xlsx',
            }).catch(() => -1),
          ),
        );
  const result = await measured(async () => {
    const [searches, healths] = await Promise.all([
      loopUntil(work, search),
      loopUntil(work, health),
      work,
    ]);
    return { searches, healths };
  });
  const s = latencies(result.value.searches.samples);
  const h = latencies(result.value.healths.samples);
  return {
    'exports ms': parallel === 0 ? '' : Math.round(result.ms),
    'exports failed': parallel === 0 ? '' : (await work).filter((bytes) => bytes < 0).length,
    'search n': s.n,
    'search failed': result.value.searches.failed,
    'search p50': s.p50,
    'search p95': s.p95,
    'search max': s.max,
    'healthz p50': h.p50,
    'healthz p95': h.p95,
    'healthz max': h.max,
    'peak RSS growth MB': Math.round(result.peakMb),
  };
}

export async function runExportBench(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const sizes = parseSizes(process.env.BENCH_EXPORT_SIZES ?? '1k,10k,100k');
  const parallels = (process.env.BENCH_EXPORT_PARALLEL ?? '1,4,8')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const mostAtOnce = String(Math.max(1, ...parallels));
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-export-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // The bench exports as staff, who have no second factor here (docs/decisions/016).
    STAFF_SECOND_FACTOR: 'optional',
    // The contention part runs its exports at once from one account.
    LEDGER_EXPORT_MAX_PER_USER: mostAtOnce,
    LEDGER_EXPORT_MAX_TOTAL: mostAtOnce,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  console.log(`\nledger export — ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}`);
  const platform = await openPlatform(config, pino({ level: 'silent' }));
  let app: FastifyInstance | undefined;
  try {
    if (await isDatabaseEmpty(platform.database.db)) {
      await seedDemoIfEmpty(platform, { ledgerLinesPerCustomer: 0 });
    }
    // PGlite and node-postgres's Pool both answer query(text, params) with { rows }.
    const lite = (
      platform.database.db as unknown as {
        $client: { query(text: string, params?: unknown[]): Promise<unknown> };
      }
    ).$client;
    const exec = (text: string, params?: readonly unknown[]) =>
      lite.query(text, params as unknown[]) as Promise<{ rows: Record<string, unknown>[] }>;
    await ensureBenchCustomers(exec);
    const today = todayInJapan(new Date());
    const customers = sizes.map((size, i) => ({
      size,
      code: BENCH_CUSTOMER_BASE + BENCH_CUSTOMER_COUNT - 1 - i,
    }));
    for (const { size, code } of customers) {
      await exec('delete from ledger_items where customer_code = $1', [code]);
      await exec(insertLines, [code, size, today]);
    }
    await exec('analyze ledger_items');
    app = await buildApp({ config, platform, webRoot: join(dataDir, 'no-web-build') });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const auth = await accessToken(app, 'staff@example.com');

    const rows: Record<string, Record<string, string | number>> = {};
    for (const { size, code } of process.env.BENCH_EXPORT_SINGLE === '0' ? [] : customers) {
      const body = { customer_code: code };
      const criteria = ledgerSearchCriteriaOf(body, today);
      const read = await measured(async () => {
        let n = 0;
        for await (const page of iterateLedgerItems(
          platform.database.db,
          criteria,
          DEFAULT_LEDGER_SORT,
        )) {
          n += page.length;
        }
        return n;
      });
      rows[`${size.toLocaleString('en-US')} lines: database read (keyset pages)`] = {
        lines: read.value,
        ms: Math.round(read.ms),
        'MB out': '',
        'peak RSS growth MB': Math.round(read.peakMb),
        'peak heap+external growth MB': Math.round(read.heapMb),
      };
      if (size <= 20_000) {
        const search = await measured(() => download(`${base}${SEARCH_URL}`, auth, body));
        rows[`${size.toLocaleString('en-US')} lines: search (unpaged JSON)`] = {
          lines: size,
          ms: Math.round(search.ms),
          'MB out': (search.value / 1e6).toFixed(1),
          'peak RSS growth MB': Math.round(search.peakMb),
          'peak heap+external growth MB': Math.round(search.heapMb),
        };
      }
      for (const format of ['xlsx', 'csv'] as const) {
        const result = await measured(() =>
          download(`${base}${EXPORT_URL}`, auth, { ...body, format }),
        );
        rows[`${size.toLocaleString('en-US')} lines: export ${format}`] = {
          lines: size,
          ms: Math.round(result.ms),
          'MB out': (result.value / 1e6).toFixed(1),
          'peak RSS growth MB': Math.round(result.peakMb),
          'peak heap+external growth MB': Math.round(result.heapMb),
        };
      }
    }
    if (Object.keys(rows).length > 0) console.table(rows);

    const biggest = customers.find((c) => c.size === Math.max(...sizes));
    if (parallels.length > 0 && biggest) {
      // The searching user's own customer gets lines of its own, read page after page.
      const searchCustomer = 10001;
      await exec(
        "delete from ledger_items where customer_code = $1 and sale_order_no like 'EXP%'",
        [searchCustomer],
      );
      await exec(insertLines, [searchCustomer, 5000, today]);
      await exec('analyze ledger_items');
      const setup: ContentionSetup = {
        base,
        exportAuth: auth,
        exportCustomer: biggest.code,
        searchAuth: await accessToken(app, 'user@example.com'),
        searchCustomer,
      };
      console.log(
        `\nexports of ${biggest.size.toLocaleString('en-US')} lines (.xlsx) at once, while user@example.com ` +
          'searches pages of 50 of 5,000 lines one after another and /healthz is asked in a loop (ms)',
      );
      const table: Record<string, Record<string, string | number>> = {};
      table['no export (3 s)'] = await contention(setup, 0);
      for (const n of parallels)
        table[`${n} export${n > 1 ? 's' : ''} at once`] = await contention(setup, n);
      console.table(table);
    }
  } finally {
    // The app closes the platform it was built on.
    if (app) await app.close();
    else await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
