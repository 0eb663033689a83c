// The audit part of `npm run bench` (BENCH_ONLY=audit; docs/decisions/017): fills
// audit_log to 5 million events over 390 days with one INSERT … SELECT generate_series, then prints
// p50/p95 of filtered pages (100 events and the total counted to 10 000) for staff and for
// corporate administrators: the use case (searchAudit: reach, both statements) and the API call
// through app.inject with a bearer token. Figures are printed, never asserted.
//
//   DATABASE_URL=…            PostgreSQL (a database of its own: the bench adds 5,000 customers)
//   BENCH_AUDIT_EVENTS=5m     events to hold (default 5m on PostgreSQL, 500k on PGlite)
//   BENCH_ITERATIONS=200      measured calls per search;  BENCH_EXPLAIN=1  print each plan
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { isDatabaseEmpty } from '../db/seed/seed-demo-data';
import type { AuditSearchQuery } from '../domain/api/audit';
import { buildApp } from '../server/app';
import { openPlatform, seedDemoIfEmpty } from '../server/platform';
import { findRowsByUid } from '../server/repositories/users-repository';
import { searchAudit } from '../server/services/audit-service';
import { Caller } from '../server/services/caller';
import { accessToken } from './access-token';
import { benchConfig } from './bench-config';
import { BENCH_CUSTOMER_BASE, BENCH_CUSTOMER_COUNT, ensureBenchCustomers } from './ledger-data';
import { percentile } from './stats';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const BENCH_ADMIN_MAIL = 'bench-audit-admin@example.com';
const ACTORS = 20_000;
/** Actions and their share of the events (sign-ins and downloads dominate a real log). */
const ACTIONS: [string, number][] = [
  ['auth.sign-in', 30],
  ['document.download', 25],
  ['auth.sign-out', 10],
  ['shared-file.download', 10],
  ['ledger.export', 6],
  ['document.bulk-download', 5],
  ['auth.sign-in-failed', 5],
  ['user.update', 3],
  ['user.create', 2],
  ['auth.password-reset', 2],
  ['audit.export', 1],
  ['user.delete', 1],
];

function parseSize(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(k|m)?$/i.exec(text.trim());
  if (!m) throw new Error(`BENCH_AUDIT_EVENTS: ${text}`);
  return Math.round(Number(m[1]) * (m[2]?.toLowerCase() === 'm' ? 1e6 : m[2] ? 1e3 : 1));
}

type Db = FastifyInstance['db'];
const rowsOf = async (db: Db, statement: ReturnType<typeof sql>) =>
  (await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] };

/**
 * Events 1…n, one every 390 days / n back from now: a tenth name no customer (sign-ins of people
 * with several customers), 1.5 % the demo customers 10001, 10002 and 20001, the rest the bench
 * customers skewed as the ledger bench's (100000 + 5000 · u²). One INSERT … SELECT.
 */
async function fillAuditLog(db: Db, size: number): Promise<void> {
  const { rows } = await rowsOf(
    db,
    sql`select count(*)::bigint as n from audit_log where entity = 'bench'`,
  );
  const present = Number(rows[0]!.n);
  if (present === size) return;
  if (present > 0) await db.execute(sql`delete from audit_log where entity = 'bench'`);
  // The secondary indexes are dropped for the load and built again after it (far faster than
  // maintaining six indexes row by row); an interrupted load leaves them to be made again by hand.
  const { rows: indexes } = await rowsOf(
    db,
    sql`select indexname, indexdef from pg_indexes
        where tablename = 'audit_log' and indexname <> 'audit_log_pkey'`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${String(index.indexname)}"`));
  const total = ACTIONS.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  const cases = ACTIONS.map(([action, w]) => {
    acc += w;
    return `when h2 < ${acc / total} then '${action}'`;
  }).join(' ');
  // 390 days: the server's own retention (400 by default) leaves them all while the bench runs.
  const span = 390 * 86_400; // seconds
  const started = performance.now();
  await db.execute(
    sql.raw(`
    insert into audit_log (actor_user_id, actor_mail, action, entity, entity_id, customer_code,
                           ip_address, user_agent, created_at)
    select null, 'bench-actor-' || (g % ${ACTORS}) || '@example.com',
           case ${cases} else 'auth.sign-in' end,
           'bench', g::text,
           case when h1 < 0.10 then null
                when h1 < 0.105 then 10001 when h1 < 0.11 then 10002 when h1 < 0.115 then 20001
                else ${BENCH_CUSTOMER_BASE} + floor(${BENCH_CUSTOMER_COUNT} * power((h1 - 0.115) / 0.885, 2))::int end,
           '198.51.100.' || (g % 250), 'Mozilla/5.0 (bench)',
           now() - make_interval(secs => g * ${span}.0 / ${size})
    from (
      select g, (hashint4(g) & 2147483647) / 2147483648.0 as h1,
                (hashint4(g + 7777777) & 2147483647) / 2147483648.0 as h2
      from generate_series(1, ${size}) as g
    ) s`),
  );
  for (const index of indexes) await db.execute(sql.raw(String(index.indexdef)));
  console.log(
    `  ${size.toLocaleString('en')} events inserted and indexed in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

interface Scenario {
  name: string;
  who: 'staff' | 'admin' | 'bigAdmin';
  /** The query of iteration i (filters rotate so that no one page is measured from a warm cache only). */
  query(i: number): AuditSearchQuery;
}

const day = (offset: number) =>
  new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const benchCustomer = (i: number) => BENCH_CUSTOMER_BASE + [0, 10, 100, 700, 2500, 4900][i % 6]!;
const page = (i: number) => [1, 2, 5, 10][i % 4]!;

const SCENARIOS: Scenario[] = [
  { name: 'staff, no filter', who: 'staff', query: (i) => ({ page: page(i) }) },
  {
    name: 'staff, by customer',
    who: 'staff',
    query: (i) => ({ customer_code: benchCustomer(i), page: page(i) }),
  },
  {
    name: 'staff, by actor mail',
    who: 'staff',
    query: (i) => ({ actor: `bench-actor-${(i * 37) % ACTORS}@example.com`, page: 1 }),
  },
  {
    name: 'staff, by action (common)',
    who: 'staff',
    query: (i) => ({ action: 'auth.sign-in', page: page(i) }),
  },
  {
    name: 'staff, by action (1 %)',
    who: 'staff',
    query: (i) => ({ action: 'user.delete', page: page(i) }),
  },
  {
    name: 'staff, one day',
    who: 'staff',
    query: (i) => ({ from: day(i % 300), to: day(i % 300), page: 1 }),
  },
  {
    name: 'staff, one month',
    who: 'staff',
    query: (i) => ({ from: day(30 + (i % 300)), to: day(i % 300), page: page(i) }),
  },
  {
    name: 'staff, customer + action + month',
    who: 'staff',
    query: (i) => ({
      customer_code: benchCustomer(i),
      action: 'document.download',
      from: day(60),
      to: day(0),
      page: 1,
    }),
  },
  { name: 'admin (2 customers, 1 %), no filter', who: 'admin', query: (i) => ({ page: page(i) }) },
  {
    name: 'admin, one month',
    who: 'admin',
    query: (i) => ({ from: day(30 + (i % 300)), to: day(i % 300), page: 1 }),
  },
  {
    name: 'admin, by action (1 %)',
    who: 'admin',
    query: () => ({ action: 'user.delete', page: 1 }),
  },
  {
    name: 'admin, by customer',
    who: 'admin',
    query: (i) => ({ customer_code: i % 2 ? 10001 : 10002, page: page(i) }),
  },
  {
    name: 'admin of 5,000 customers, no filter',
    who: 'bigAdmin',
    query: (i) => ({ page: page(i) }),
  },
  {
    name: 'admin of 5,000 customers, by action (1 %)',
    who: 'bigAdmin',
    query: () => ({ action: 'user.delete', page: 1 }),
  },
];

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: +percentile(sorted, 50).toFixed(1), p95: +percentile(sorted, 95).toFixed(1) };
};

export async function runAuditBench(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const size = parseSize(process.env.BENCH_AUDIT_EVENTS ?? (databaseUrl ? '5m' : '500k'));
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-audit-'));
  const config = benchConfig(dataDir);
  console.log(
    `\naudit search — ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}, ${size.toLocaleString('en')} events`,
  );
  const platform = await openPlatform(config, pino({ level: 'silent' }));
  let app: FastifyInstance | undefined;
  try {
    const db = platform.database.db;
    if (await isDatabaseEmpty(db)) await seedDemoIfEmpty(platform, { ledgerLinesPerCustomer: 0 });
    await ensureBenchCustomers(async (text, params) => {
      const raw = (
        db as unknown as {
          $client: {
            query: (t: string, p?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
          };
        }
      ).$client;
      return raw.query(text, params);
    });
    // A corporate administrator of the bench corporation (its 5,000 customers).
    await db.execute(sql`
      insert into users (mail, user_name, customer_code, user_type_id)
      values (${BENCH_ADMIN_MAIL}, 'ベンチ管理者', ${BENCH_CUSTOMER_BASE}, 1) on conflict do nothing`);
    await db.execute(sql`analyze customers`);
    await db.execute(sql`analyze users`);
    await fillAuditLog(db, size);
    // The steady state autovacuum keeps: statistics, and the visibility map that lets the count
    // and the pages read their indexes only.
    await db.execute(sql.raw('vacuum (analyze) audit_log'));

    app = await buildApp({ config, platform, webRoot: join(dataDir, 'no-web-build') });
    await app.ready();
    const tokens = {
      staff: await accessToken(app, 'staff@example.com'),
      admin: await accessToken(app, 'admin@example.com'),
    };
    const callers = {
      staff: new Caller(
        's',
        await findRowsByUid(db, (await app.verifyAccessToken(tokens.staff)).uid),
      ),
      admin: new Caller(
        'a',
        await findRowsByUid(db, (await app.verifyAccessToken(tokens.admin)).uid),
      ),
      bigAdmin: new Caller('b', [
        {
          userId: 0,
          mail: BENCH_ADMIN_MAIL,
          customerCode: BENCH_CUSTOMER_BASE,
          userTypeId: 1,
          corporateCode: 8000,
          deleteFlag: false,
        },
      ]),
    };

    const results: Record<string, object> = {};
    for (const scenario of SCENARIOS) {
      const useCase: number[] = [];
      const api: number[] = [];
      let total = 0;
      for (let i = 0; i < ITERATIONS; i++) {
        const query = scenario.query(i);
        const t0 = performance.now();
        const answer = await searchAudit({ db }, callers[scenario.who], query);
        useCase.push(performance.now() - t0);
        total = Math.max(total, answer.total);
        if (scenario.who !== 'bigAdmin') {
          const t1 = performance.now();
          const res = await app.inject({
            method: 'GET',
            url: '/api/v1/audit',
            query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
            headers: { authorization: `Bearer ${tokens[scenario.who]}` },
          });
          api.push(performance.now() - t1);
          if (res.statusCode !== 200)
            throw new Error(`${scenario.name}: ${res.statusCode} ${res.body}`);
        }
      }
      results[scenario.name] = {
        'use case p50': stats(useCase).p50,
        'use case p95': stats(useCase).p95,
        'API p50': api.length ? stats(api).p50 : '—',
        'API p95': api.length ? stats(api).p95 : '—',
        'max total': total,
      };
    }
    console.log(
      `\n${size.toLocaleString('en')} audit events — latency in ms, ${ITERATIONS} calls each (pages 1, 2, 5, 10 and filter values rotating)`,
    );
    console.table(results);
  } finally {
    await app?.close();
    if (!app) await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
