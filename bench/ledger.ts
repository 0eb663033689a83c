// The ledger part of `npm run bench`: fills the ledger to 100 k, 1 M (and 10 M on PostgreSQL) lines
// over 5,000 customers, then prints for a fixed set of searches the latency of the API call beside
// the bare SQL the repository runs for it, and the throughput of the search under load beside a
// bare Fastify route. Figures are printed, never asserted.
//
//   BENCH_SIZES=100k,1m,10m   sizes to run (default 100k,1m; 10m only makes sense on PostgreSQL)
//   DATABASE_URL=…            PostgreSQL (a database of its own: the bench adds 5,000 customers)
//   BENCH_DATA_DIR=…          keep the PGlite database between runs (default: a temporary one)
//   BENCH_ITERATIONS=500      measured calls per search and side;  BENCH_LOAD_S=3  load duration
//   BENCH_EXPLAIN=1           print the query plan of each search (BENCH_SEARCH=text: only the
//                             searches whose name contains it)
//   BENCH_IMPORT_LINES=10000  lines of the measured import file
//   LEDGER_CACHE_MB=0         the search-answer cache off (the figures before it); REDIS_URL=…
//                             puts it in Redis (docs/decisions/018)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { desc, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { type Database, queryRows, type Statement } from '../db/client';
import { ledgerItems } from '../db/schema';
import { isDatabaseEmpty } from '../db/seed/seed-demo-data';
import type { LedgerSearchBody } from '../domain/api/ledger';
import { todayInJapan } from '../domain/japan-time';
import { buildApp } from '../server/app';
import { openPlatform, type Platform, seedDemoIfEmpty } from '../server/platform';
import {
  countCapOf,
  ledgerItemColumns,
  ledgerSearchCountStatement,
  ledgerSearchRowsStatement,
} from '../server/repositories/ledger-repository';
import { readLedgerVersion } from '../server/repositories/ledger-version-repository';
import { callerRowsStatement } from '../server/repositories/users-repository';
import { planLedgerSearch, unpagedRequest } from '../server/services/ledger-search-service';
import { ledgerCsv } from '../tests/api/helpers/ledger-factory';
import { accessToken } from './access-token';
import { benchConfig } from './bench-config';
import {
  BIGGEST_CUSTOMER,
  benchLineCount,
  type Exec,
  ensureBenchCustomers,
  generateLedger,
  MEDIAN_CUSTOMER,
} from './ledger-data';
import { percentile } from './stats';

const SEARCH_URL = '/api/v1/spec/search-result-ledgerItem';
const IMPORT_URL = '/api/v1/spec/import-ledger';
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500);
const LOAD_S = Number(process.env.BENCH_LOAD_S ?? 3);
/** A search is measured for at most this long per side (slow searches get fewer calls). */
const MEASURE_BUDGET_MS = 8_000;

interface Search {
  name: string;
  who: 'user' | 'staff';
  body: LedgerSearchBody;
}

const page1 = { page: 1, page_size: 100 };
const SEARCHES: Search[] = [
  {
    name: 'median customer, default window (spec array)',
    who: 'user',
    body: { customer_code: MEDIAN_CUSTOMER },
  },
  {
    name: '  same, page 1 of 100 + total',
    who: 'user',
    body: { customer_code: MEDIAN_CUSTOMER, ...page1 },
  },
  {
    name: '  + status backlog',
    who: 'user',
    body: { customer_code: MEDIAN_CUSTOMER, status: '受注残' },
  },
  {
    name: '  + keywords OR ×2',
    who: 'user',
    body: { customer_code: MEDIAN_CUSTOMER, text_field: ['山田', '太陽光'], search_type_flag: 1 },
  },
  {
    name: '  + keywords AND ×2',
    who: 'user',
    body: { customer_code: MEDIAN_CUSTOMER, text_field: ['様邸', '新築'], search_type_flag: 2 },
  },
  {
    name: '  + item-number prefix KR-10',
    who: 'user',
    body: { customer_code: MEDIAN_CUSTOMER, item_no_start: 'KR-10', item_no_end: 'KR-10' },
  },
  {
    name: '  + property name 市営住宅',
    who: 'user',
    body: { customer_code: MEDIAN_CUSTOMER, property_name: '市営住宅' },
  },
  {
    name: 'biggest customer, default window, page 1',
    who: 'staff',
    body: { customer_code: BIGGEST_CUSTOMER, ...page1 },
  },
  {
    name: '  + status backlog, page 1',
    who: 'staff',
    body: { customer_code: BIGGEST_CUSTOMER, status: '受注残', ...page1 },
  },
  {
    name: '  + keywords OR ×2, page 1',
    who: 'staff',
    body: { customer_code: BIGGEST_CUSTOMER, text_field: ['山田', '太陽光'], ...page1 },
  },
  {
    name: '  + item-number prefix KR-10, page 1',
    who: 'staff',
    body: { customer_code: BIGGEST_CUSTOMER, item_no: 'KR-10', ...page1 },
  },
  // Finding a line by its number (the filter panel's number field, and a keyword chip that reads
  // as one): the numbers are one of the biggest customer's newest shipped lines', read after the
  // ledger is generated (numberSearches).
  {
    name: '  + 受注番号 exact, page 1',
    who: 'staff',
    body: { customer_code: BIGGEST_CUSTOMER, order_no: '', ...page1 },
  },
  {
    name: '  + 受注番号 prefix (its first 10 characters), page 1',
    who: 'staff',
    body: { customer_code: BIGGEST_CUSTOMER, order_no: '', ...page1 },
  },
  {
    name: '  + 送り状番号 typed with hyphens, page 1',
    who: 'staff',
    body: { customer_code: BIGGEST_CUSTOMER, order_no: '', ...page1 },
  },
  {
    name: '  + 納品番号 exact, page 1',
    who: 'staff',
    body: { customer_code: BIGGEST_CUSTOMER, order_no: '', ...page1 },
  },
  {
    name: '  + 納品番号 prefix (its first 8 characters), page 1',
    who: 'staff',
    body: { customer_code: BIGGEST_CUSTOMER, order_no: '', ...page1 },
  },
  {
    name: '  + 送り状番号 exact (12 digits), page 1',
    who: 'staff',
    body: { customer_code: BIGGEST_CUSTOMER, order_no: '', ...page1 },
  },
  {
    name: '  + 送り状番号 prefix (its first 8 digits), page 1',
    who: 'staff',
    body: { customer_code: BIGGEST_CUSTOMER, order_no: '', ...page1 },
  },
  {
    name: '  + keyword chip 納品番号 and a word (OR), page 1',
    who: 'staff',
    body: { customer_code: BIGGEST_CUSTOMER, text_field: [], ...page1 },
  },
  {
    name: '  + 受注番号 exact (spec array, every status and date)',
    who: 'staff',
    body: { customer_code: BIGGEST_CUSTOMER, order_no: '' },
  },
  {
    name: '  + shipped date in the last 3 months, page 1',
    who: 'staff',
    body: {
      customer_code: BIGGEST_CUSTOMER,
      date_field: 'shipped_date',
      from_date: threeMonthsAgo(),
      ...page1,
    },
  },
  {
    name: '  + expected delivery from today, backlog, page 1',
    who: 'staff',
    body: {
      customer_code: BIGGEST_CUSTOMER,
      date_field: 'expected_delivery_date',
      from_date: todayInJapan(new Date()),
      status: '受注残',
      ...page1,
    },
  },
  {
    name: '  + last 3 months, sorted by property name',
    who: 'staff',
    body: {
      customer_code: BIGGEST_CUSTOMER,
      from_date: threeMonthsAgo(),
      ...page1,
      sort: { field: 'property_name', direction: 'asc' },
    },
  },
  {
    name: '  sorted by shipped date, newest first',
    who: 'staff',
    body: {
      customer_code: BIGGEST_CUSTOMER,
      ...page1,
      sort: { field: 'shipped_date', direction: 'desc' },
    },
  },
  {
    name: '  sorted by model name, descending',
    who: 'staff',
    body: {
      customer_code: BIGGEST_CUSTOMER,
      ...page1,
      sort: { field: 'model_name', direction: 'desc' },
    },
  },
];

/** Puts the numbers of one of the biggest customer's newest shipped lines in the number searches. */
async function numberSearches(db: Database): Promise<void> {
  const [line] = await queryRows<{ sale_order_no: string; delivery_no: string; label: string }>(
    db,
    {
      sql: `select sale_order_no, delivery_no, shipping_label_number as label from ledger_items
        where customer_code = $1 and delivery_no <> '' order by id desc limit 1`,
      params: [BIGGEST_CUSTOMER],
    },
  );
  if (!line) throw new Error('the biggest customer has no shipped line');
  const hyphenated = line.label.replace(/^(\d{4})(\d{4})(\d+)$/, '$1-$2-$3');
  const set = (name: string, body: Partial<LedgerSearchBody>) =>
    Object.assign(SEARCHES.find((s) => s.name === name)!.body, body);
  set('  + 受注番号 exact, page 1', { order_no: line.sale_order_no });
  set('  + 受注番号 prefix (its first 10 characters), page 1', {
    order_no: line.sale_order_no.slice(0, 10),
  });
  set('  + 送り状番号 typed with hyphens, page 1', { order_no: hyphenated });
  set('  + 納品番号 exact, page 1', { order_no: line.delivery_no });
  set('  + 納品番号 prefix (its first 8 characters), page 1', {
    order_no: line.delivery_no.slice(0, 8),
  });
  set('  + 送り状番号 exact (12 digits), page 1', { order_no: line.label });
  set('  + 送り状番号 prefix (its first 8 digits), page 1', { order_no: line.label.slice(0, 8) });
  set('  + keyword chip 納品番号 and a word (OR), page 1', {
    text_field: [line.delivery_no, '山田'],
  });
  set('  + 受注番号 exact (spec array, every status and date)', {
    order_no: line.sale_order_no,
    status: 'all',
    from_date: '2000-01-01',
  });
}

function threeMonthsAgo(): string {
  const date = new Date(`${todayInJapan(new Date())}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - 3);
  return date.toISOString().slice(0, 10);
}

function parseSizes(text: string): number[] {
  return text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((s) => {
      const match = /^(\d+(?:\.\d+)?)(k|m)?$/.exec(s);
      if (!match) throw new Error(`BENCH_SIZES: cannot read "${s}" (e.g. 100k,1m,10m)`);
      return Math.round(Number(match[1]) * (match[2] === 'm' ? 1e6 : match[2] === 'k' ? 1e3 : 1));
    })
    .sort((a, b) => a - b);
}

const label = (n: number) => (n >= 1e6 ? `${n / 1e6} M` : `${n / 1e3} k`);
const ms = (v: number) => Math.round(v * 100) / 100;

interface Percentiles {
  p50: number;
  p95: number;
  n: number;
}

const percentiles = (times: number[]): Percentiles => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
};

/**
 * Calls a and b alternately (so both see the same background load) until ITERATIONS calls each or
 * the time budget, after a warm-up; p50/p95 in ms of each.
 */
async function measurePair(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[Percentiles, Percentiles]> {
  for (let i = 0; i < 5; i++) {
    await a();
    await b();
  }
  const timesA: number[] = [];
  const timesB: number[] = [];
  const started = performance.now();
  const timed = async (fn: () => Promise<unknown>, into: number[]) => {
    const t0 = performance.now();
    await fn();
    into.push(performance.now() - t0);
  };
  while (
    timesA.length < ITERATIONS &&
    (timesA.length < 20 || performance.now() - started < MEASURE_BUDGET_MS * 2)
  ) {
    await timed(a, timesA);
    await timed(b, timesB);
  }
  return [percentiles(timesA), percentiles(timesB)];
}

async function withExec<T>(
  platform: Platform,
  databaseUrl: string | undefined,
  use: (exec: Exec) => Promise<T>,
) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`set maintenance_work_mem = '1GB'`);
      return await use((text, params) => client.query(text, params as unknown[]));
    } finally {
      await client.end();
    }
  }
  const lite = (platform.database.db as unknown as { $client: { query: Exec } }).$client;
  return use((text, params) => lite.query(text, params));
}

const IMPORT_LINES = Number(process.env.BENCH_IMPORT_LINES ?? 10_000);

/**
 * A CSV of IMPORT_LINES new lines (keys BIM…, copies of the biggest customer's newest lines), as
 * the core system would send them: what one import file costs with the ledger's indexes.
 */
async function importCsv(db: Database): Promise<string> {
  const newest = await db
    .select(ledgerItemColumns)
    .from(ledgerItems)
    .where(eq(ledgerItems.customer_code, BIGGEST_CUSTOMER))
    .orderBy(desc(ledgerItems.sale_order_date), desc(ledgerItems.id))
    .limit(IMPORT_LINES);
  return ledgerCsv(
    newest.map((line, i) => ({ ...line, sale_order_no: `BIM${String(i).padStart(9, '0')}` })),
  );
}

async function load(url: string, options: Partial<autocannon.Options> = {}) {
  // Requests the previous run left in flight finish first (PGlite runs one query at a time).
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const result = await autocannon({ url, connections: 20, duration: LOAD_S, ...options });
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p97.5 ms': result.latency.p97_5,
    errors: result.errors + result.non2xx,
  };
}

/** The statements the service runs for one search: the caller's rows, the page, the count (paged). */
function searchStatements(
  db: Database,
  search: Search,
  uid: string,
): [Statement, Statement, Statement | null] {
  const plan = planLedgerSearch(search.body, new Date());
  const rowsSql = ledgerSearchRowsStatement(db, plan.criteria, plan.page ?? unpagedRequest);
  const countSql = plan.page
    ? ledgerSearchCountStatement(db, plan.criteria, countCapOf(plan.criteria, plan.page))
    : null;
  return [callerRowsStatement(db, uid), rowsSql, countSql];
}

const LOAD_CLIENTS = 20;

/**
 * The database's own limit for one search: LOAD_CLIENTS clients each looping the
 * search's statements (caller rows, page and count side by side, rows as arrays) for LOAD_S
 * seconds; searches per second. On PostgreSQL one `pg` client each; PGlite has one connection,
 * which the loops share, as the API's requests do.
 */
async function sqlLoad(
  databaseUrl: string | undefined,
  db: Database,
  statements: (Statement | null)[],
): Promise<{ rps: number; errors: number }> {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const used = statements.filter((s): s is Statement => s !== null);
  const clients: pg.Client[] = [];
  if (databaseUrl) {
    for (let i = 0; i < LOAD_CLIENTS; i++) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      clients.push(client);
    }
  }
  const run = (i: number, statement: Statement) =>
    databaseUrl
      ? clients[i]!.query({ text: statement.sql, values: statement.params, rowMode: 'array' })
      : queryRows(db, statement, 'array');
  let done = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + LOAD_S * 1000;
  try {
    await Promise.all(
      Array.from({ length: LOAD_CLIENTS }, async (_, i) => {
        while (performance.now() < deadline) {
          try {
            // One client runs its statements one after another (a pg client has one connection).
            for (const statement of used) await run(i, statement);
            done += 1;
          } catch {
            errors += 1;
          }
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
  return { rps: Math.round(done / ((performance.now() - started) / 1000)), errors };
}

/** The answer cache's counts so far (zeros without a cache). */
function cacheCounts(platform: Platform) {
  return { hits: 0, misses: 0, errors: 0, ...platform.ledgerCache?.counts };
}

/** How the searches since `from` met the answer cache (docs/decisions/018). */
function printCacheCounts(platform: Platform, from: ReturnType<typeof cacheCounts>) {
  if (!platform.ledgerCache) return;
  const now = cacheCounts(platform);
  console.log(
    `answer cache (${platform.ledgerCache.kind}): ${now.hits - from.hits} hits, ${now.misses - from.misses} misses (totals and answers), ${now.errors - from.errors} Redis errors`,
  );
}

export async function runLedgerBench(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const sizes = parseSizes(process.env.BENCH_SIZES ?? (databaseUrl ? '100k,1m,10m' : '100k,1m'));
  const keepDir = process.env.BENCH_DATA_DIR;
  const dataDir = keepDir ?? mkdtempSync(join(tmpdir(), 'portal-bench-ledger-'));
  const config = benchConfig(dataDir, {
    ...(process.env.LEDGER_CACHE_MB ? { LEDGER_CACHE_MB: process.env.LEDGER_CACHE_MB } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  console.log(
    `\nledger search — ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}, sizes ${sizes.map(label).join(', ')}, answer cache ${config.LEDGER_CACHE_MB === 0 ? 'off' : config.REDIS_URL ? `in Redis, ${config.LEDGER_CACHE_MB} MB a bound` : `in memory, ${config.LEDGER_CACHE_MB} MB`}`,
  );
  const platform = await openPlatform(config, pino({ level: 'silent' }));
  let app: FastifyInstance | undefined;
  const bare = Fastify();
  try {
    if (await isDatabaseEmpty(platform.database.db)) {
      await seedDemoIfEmpty(platform, { ledgerLinesPerCustomer: 0 });
    }
    await withExec(platform, databaseUrl, async (exec) => {
      await ensureBenchCustomers(exec);
      // PGlite has no autovacuum: without statistics small lookups (the caller's rows) plan badly.
      await exec('analyze customers');
      await exec('analyze users');
      // user@example.com also holds the median customer: the non-staff path of the search.
      await exec(
        `insert into users (mail, user_name, customer_code, user_type_id, firebase_uid)
         select mail, user_name, $1, user_type_id, firebase_uid from users
         where mail = 'user@example.com' and customer_code = 10001
         on conflict do nothing`,
        [MEDIAN_CUSTOMER],
      );
    });
    app = await buildApp({ config, platform, webRoot: join(dataDir, 'no-web-build') });
    await app.ready();
    const tokens = {
      user: await accessToken(app, 'user@example.com'),
      staff: await accessToken(app, 'staff@example.com'),
    };
    const uids = {
      user: (await app.verifyAccessToken(tokens.user)).uid,
      staff: (await app.verifyAccessToken(tokens.staff)).uid,
    };
    bare.post('/search', async () => ({ items: [], total: 0, page: 1, page_size: 100 }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/search`;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${SEARCH_URL}`;

    for (const size of sizes) {
      console.log(`\n${label(size)} lines: generating…`);
      const generated = performance.now();
      await withExec(platform, databaseUrl, (exec) =>
        generateLedger(exec, size, todayInJapan(new Date()), (m) => console.log(m)),
      );
      const lines = await withExec(platform, databaseUrl, benchLineCount);
      console.log(
        `${label(size)} lines ready (${lines.toLocaleString('en-US')}) in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
      );

      await numberSearches(platform.database.db);
      const cacheAtStart = cacheCounts(platform);
      const rows: Record<string, Record<string, number | string>> = {};
      const only = process.env.BENCH_SEARCH;
      for (const search of SEARCHES.filter((s) => !only || s.name.includes(only))) {
        const db = platform.database.db;
        const [callerSql, rowsSql, countSql] = searchStatements(db, search, uids[search.who]);
        // The same statements on the same driver, run the way the service runs them: the
        // caller's rows, the page and the count side by side; rows as arrays.
        const raw = (statement: Statement) => queryRows(db, statement, 'array');
        const bareSql = () =>
          Promise.all([raw(callerSql), raw(rowsSql), ...(countSql ? [raw(countSql)] : [])]);
        const headers = { authorization: `Bearer ${tokens[search.who]}` };
        let answered = 0;
        // The answer is read to its last byte, as bytes: decoding 70 KB of Japanese into a string
        // (0.3 ms) is the client's work, which app.inject would otherwise add to the API's time.
        const api = async () => {
          const res = await app!.inject({
            method: 'POST',
            url: SEARCH_URL,
            payload: search.body,
            headers,
            payloadAsStream: true,
          });
          let bytes = 0;
          for await (const chunk of res.stream()) bytes += (chunk as Buffer).length;
          if (res.statusCode !== 200) throw new Error(`${search.name}: ${res.statusCode}`);
          answered = bytes;
        };
        if (process.env.BENCH_EXPLAIN) {
          const plan = await queryRows<string[]>(
            db,
            { sql: `explain (analyze, buffers) ${rowsSql.sql}`, params: rowsSql.params },
            'array',
          );
          console.log(`\n${search.name}\n${plan.map((r) => r[0]).join('\n')}`);
        }
        const [sqlTimes, apiTimes] = await measurePair(bareSql, api);
        const first = await app.inject({
          method: 'POST',
          url: SEARCH_URL,
          payload: search.body,
          headers,
        });
        const body = first.json();
        rows[search.name] = {
          lines: Array.isArray(body) ? body.length : `${body.items.length}/${body.total}`,
          KB: Math.round(answered / 1024),
          'SQL p50': ms(sqlTimes.p50),
          'SQL p95': ms(sqlTimes.p95),
          'API p50': ms(apiTimes.p50),
          'API p95': ms(apiTimes.p95),
          'API/SQL p50': `${(apiTimes.p50 / sqlTimes.p50).toFixed(2)}×`,
          'API/SQL p95': `${(apiTimes.p95 / sqlTimes.p95).toFixed(2)}×`,
          calls: apiTimes.n,
        };
      }
      // What the cache adds to every search: the ledger version's read, before anything else.
      const versionTimes: number[] = [];
      for (let i = 0; i < ITERATIONS; i++) {
        const t0 = performance.now();
        await readLedgerVersion(platform.database.db);
        versionTimes.push(performance.now() - t0);
      }
      const version = percentiles(versionTimes);
      rows['(ledger version read, per cached search)'] = {
        'SQL p50': ms(version.p50),
        'SQL p95': ms(version.p95),
        calls: version.n,
      };
      console.log(
        `\n${label(size)} lines — latency in ms (API through app.inject with a bearer token, the answer read as bytes; SQL = the same statements on the raw driver: caller rows, page, count)`,
      );
      console.table(rows);
      printCacheCounts(platform, cacheAtStart);
      const cacheBeforeLoad = cacheCounts(platform);

      console.log(
        `\n${label(size)} lines — throughput, ${LOAD_CLIENTS} connections, ${LOAD_S} s each; SQL = the search's bare statements looped by ${LOAD_CLIENTS} ${databaseUrl ? '`pg` clients' : 'loops on the one PGlite connection'}, API/SQL = the API's share of the database's own limit`,
      );
      const post = (who: 'user' | 'staff', body: object) => ({
        method: 'POST' as const,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
        body: JSON.stringify(body),
      });
      const throughput: Record<string, Record<string, number | string>> = {
        'bare Fastify POST (constant answer)': await load(bareUrl, post('user', {})),
      };
      for (const [name, search] of [
        ['search: median customer, page 1', SEARCHES[1]!],
        ['search: median customer, spec array', SEARCHES[0]!],
        ['search: biggest customer, page 1', SEARCHES[7]!],
      ] as const) {
        const api = await load(appUrl, post(search.who, search.body));
        const statements = searchStatements(platform.database.db, search, uids[search.who]);
        const sql = await sqlLoad(databaseUrl, platform.database.db, statements);
        throughput[name] = {
          ...api,
          'SQL req/s': sql.rps,
          'SQL errors': sql.errors,
          'API/SQL': `${Math.round((100 * api['req/s']) / Math.max(sql.rps, 1))} %`,
        };
      }
      console.table(throughput);
      printCacheCounts(platform, cacheBeforeLoad);
      // One import file of new lines, then the same file again (nothing changes), through the API;
      // last, as its lines (deleted again) leave dead rows in the biggest customer's range.
      const csv = await importCsv(platform.database.db);
      const importOnce = async () => {
        const started = performance.now();
        const res = await app!.inject({
          method: 'POST',
          url: IMPORT_URL,
          payload: csv,
          headers: { authorization: `Bearer ${tokens.staff}`, 'content-type': 'text/csv' },
        });
        if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body}`);
        return { ...res.json(), ms: Math.round(performance.now() - started) };
      };
      console.log(
        `\n${label(size)} lines — import of one file (at most ${IMPORT_LINES.toLocaleString('en-US')} lines: the biggest customer's newest)`,
      );
      console.table({ 'new lines': await importOnce(), 'same file again': await importOnce() });
      await withExec(platform, databaseUrl, (exec) =>
        exec(`delete from ledger_items where sale_order_no like 'BIM%'`),
      );
    }
  } finally {
    await bare.close();
    if (app) await app.close();
    else await platform.close();
    if (!keepDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runLedgerBench();
}
