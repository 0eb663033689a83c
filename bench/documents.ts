// The documents part of `npm run bench` (BENCH_ONLY=documents; docs/decisions/030): adds customers
// beside the demo ones up to BENCH_CUSTOMERS (default 5,000), fills the documents register with
// INSERT … SELECT generate_series over them (BENCH_DOCUMENTS rows, default 1,000,000 on
// PostgreSQL and 100,000 on PGlite: invoices, shipping notices and delivery slips over seven
// years), then times GET /api/v1/documents through the API (p50, p95) with the 電子帳簿保存法 search
// keys: 取引年月日 and 取引金額 ranges, 取引先, and two combined.
//
// Customers are not alike: a fifth of the documents belong to the six demo customers (some 33,000
// each at a million, the maker's largest accounts, where a search has the most to sift) and the
// rest are spread over the others (about 160 each). The demo administrator's corporation is given
// 48 of the small customers too, and the administrator a row for each, so that an administrator's
// search spans 50 customers.

import { sql } from 'drizzle-orm';
import { runApiLatencyBench, type Scenario } from './api-latency';

const CUSTOMERS = ['10001', '10002', '20001', '30001'];
/** The added customers' codes start here; the administrator's corporation holds the first 48. */
const FIRST_ADDED = 100_000;
const ADMIN_CORPORATION = 1001;
const ADMIN_EXTRA = 48;
const DEMO_CUSTOMERS = 6;

const SCENARIOS: Scenario[] = [
  {
    name: 'staff: a customer, newest first, pages 1–5',
    who: 'staff',
    query: (i) => ({ customer_code: CUSTOMERS[i % 4]!, page: String((i % 5) + 1) }),
  },
  {
    name: 'staff: a customer + a month (取引年月日)',
    who: 'staff',
    query: (i) => ({
      customer_code: CUSTOMERS[i % 4]!,
      date_from: `202${3 + (i % 3)}-0${1 + (i % 9)}-01`,
      date_to: `202${3 + (i % 3)}-0${1 + (i % 9)}-28`,
    }),
  },
  {
    name: 'staff: a customer + an amount range (取引金額)',
    who: 'staff',
    query: (i) => ({
      customer_code: CUSTOMERS[i % 4]!,
      amount_min: String(100_000 + (i % 10) * 10_000),
      amount_max: String(110_000 + (i % 10) * 10_000),
    }),
  },
  {
    name: 'staff: a customer + a year + an amount range, by amount',
    who: 'staff',
    query: (i) => ({
      customer_code: CUSTOMERS[i % 4]!,
      date_from: `202${2 + (i % 4)}-01-01`,
      date_to: `202${2 + (i % 4)}-12-31`,
      amount_min: '500000',
      amount_max: '900000',
      sort: 'amount',
    }),
  },
  {
    name: 'staff: a customer + invoices + part of the number',
    who: 'staff',
    query: (i) => ({
      customer_code: CUSTOMERS[i % 4]!,
      type: 'invoice',
      doc_no: `INV-${String(i % 90).padStart(2, '0')}`,
    }),
  },
  {
    // Five digits from inside a number, as a person copies them from a PDF or a mail: from none
    // to some 1,700 of a customer's documents match, never at the start of the number.
    name: 'staff: a customer + digits from inside the number',
    who: 'staff',
    query: (i) => ({
      customer_code: CUSTOMERS[i % 4]!,
      doc_no: String((i * 7919) % 100_000).padStart(5, '0'),
    }),
  },
  {
    name: 'staff: a small customer, newest first',
    who: 'staff',
    query: (i) => ({ customer_code: String(FIRST_ADDED + ((i * 83) % 4_000)) }),
  },
  {
    name: 'staff: a small customer + a year + an amount range',
    who: 'staff',
    query: (i) => ({
      customer_code: String(FIRST_ADDED + ((i * 83) % 4_000)),
      date_from: `202${2 + (i % 4)}-01-01`,
      date_to: `202${2 + (i % 4)}-12-31`,
      amount_min: '100000',
      amount_max: '1500000',
    }),
  },
  {
    name: 'customer (general user): all, pages 1–3',
    who: 'user',
    query: (i) => ({ page: String((i % 3) + 1) }),
  },
  {
    name: 'customer (administrator, 50 customers): all, pages 1–3',
    who: 'admin',
    query: (i) => ({ page: String((i % 3) + 1) }),
  },
  {
    name: 'customer (administrator, 50 customers): a date + amount range',
    who: 'admin',
    query: (i) => ({
      date_from: `202${3 + (i % 3)}-04-01`,
      date_to: `202${3 + (i % 3)}-06-30`,
      amount_min: '10000',
      amount_max: '200000',
    }),
  },
];

async function fill(
  db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> },
  size: number,
  customerCount: number,
) {
  await db.execute(sql`delete from document_downloads`);
  await db.execute(sql`delete from document_versions`);
  await db.execute(sql`delete from documents`);
  const added = customerCount - DEMO_CUSTOMERS;
  // Five customers a corporation, but the administrator's corporation's 48.
  await db.execute(sql`
    insert into corporations (corporate_code, corporate_name)
    select 500000 + g, 'ベンチ法人' || g from generate_series(0, ${Math.ceil(added / 5)}) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into customers (customer_code, customer_name, corporate_code, customer_bucket_name)
    select ${FIRST_ADDED} + g, 'ベンチ取引先' || g,
      case when g < ${ADMIN_EXTRA} then ${ADMIN_CORPORATION} else 500000 + g / 5 end,
      'portal-bench-' || g
    from generate_series(0, ${added - 1}) g
    on conflict do nothing`);
  // The administrator's rows for those 48 (a person's customers are their user rows).
  await db.execute(sql`
    insert into users (mail, user_name, customer_code, user_type_id, firebase_uid)
    select u.mail, u.user_name, c.customer_code, u.user_type_id, u.firebase_uid
    from users u
    join customers c on c.corporate_code = ${ADMIN_CORPORATION} and c.customer_code >= ${FIRST_ADDED}
    where u.mail = 'admin@example.com' and u.customer_code = 10001
      and not exists (select 1 from users x where x.mail = u.mail and x.customer_code = c.customer_code)`);
  // A third each of invoices, shipping notices and delivery slips, over 2019–2026, amounts from a
  // few hundred yen to about two million; credit notes (negative) now and then.
  await db.execute(sql`
    insert into documents (doc_type, doc_no, customer_code, doc_date, amount, registration_no, file_name)
    select (array['invoice','shipping_notice','delivery_slip'])[1 + g % 3],
      case g % 3 when 0 then 'INV-' || lpad(g::text, 9, '0') else 'D' || lpad(g::text, 9, '0') end,
      case when g % 5 = 0 then (array[10001,10002,20001,30001,30002,40001])[1 + (g / 5) % 6]
           else ${FIRST_ADDED} + (g / 5) % ${added} end,
      date '2019-01-01' + (g % 2900),
      case when g % 97 = 0 then -((g::bigint * 7919) % 50000) else (g::bigint * 7919) % 2000000 + 300 end,
      case when g % 3 = 0 then 'T1234567890123' end,
      'bench-' || g || '.pdf'
    from generate_series(1, ${size}) g`);
  await db.execute(sql.raw('vacuum (analyze) documents'));
  await db.execute(sql.raw('vacuum (analyze) customers'));
}

export async function runDocumentsBench(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const size = Number(process.env.BENCH_DOCUMENTS ?? (databaseUrl ? 1_000_000 : 100_000));
  const customers = Number(process.env.BENCH_CUSTOMERS ?? 5_000);
  await runApiLatencyBench({
    label: `documents — ${size.toLocaleString('en')} documents over ${customers.toLocaleString('en')} customers`,
    fill: (db) => fill(db, size, customers),
    url: '/api/v1/documents',
    scenarios: SCENARIOS,
  });
}
