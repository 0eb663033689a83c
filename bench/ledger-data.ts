// The ledger generator of `npm run bench`: order lines over 5,000 customers, made by the database
// itself (INSERT … SELECT generate_series), so that a million lines take seconds, not minutes of
// client round trips. Line g is a pure function of g (hashes, no random()), so a ledger of 1 M
// lines is the 100 k ledger plus 900 k more with the same distribution, and sizes grow in place.

import {
  BUSINESS_NAMES,
  CARRIERS,
  CATALOG,
  DELIVERY_REQUESTS,
  FACILITIES,
  GIVEN_NAMES,
  LOCALITIES,
  SURNAMES,
} from '../db/seed/ledger-vocabulary';
import { createRandom } from '../db/seed/random';
import { LEDGER_STATUS } from '../domain/constants';

export const BENCH_CUSTOMER_COUNT = 5000;
export const BENCH_CUSTOMER_BASE = 100_000;
const BENCH_CORPORATION = 8000;
const SITE_COUNT = 2000;
const INSERT_CHUNK = 250_000;

/** Runs one SQL text (the raw driver of PGlite, or a pg client, both answer { rows }). */
export type Exec = (
  text: string,
  params?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * The customer of line g is 100000 + floor(5000 · u²) with u uniform in [0, 1): customer 100000
 * holds about 1.4 % of all lines (the big distributor), the median customer about 0.014 %.
 */
export const customerOfRank = (rank: number) => BENCH_CUSTOMER_BASE + rank;
export const BIGGEST_CUSTOMER = customerOfRank(0);
export const MEDIAN_CUSTOMER = customerOfRank(2500);

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Building sites (property, destination, address) from the demo vocabulary, fixed by a seed. */
function sites() {
  const random = createRandom(20_260_501);
  const localities = Object.values(LOCALITIES).flat();
  const result: { property: string; dest1: string; dest2: string; address: string }[] = [];
  for (let i = 0; i < SITE_COUNT; i++) {
    const locality = random.pick(localities);
    const surname = random.pick(SURNAMES);
    let site: string;
    let property: string;
    switch (random.int(0, 5)) {
      case 0:
        site = `${surname}様邸`;
        property = `${site} 新築工事`;
        break;
      case 1:
        site = `${surname}様邸`;
        property = `${site} 屋根改修工事`;
        break;
      case 2:
        site = `${surname}様邸`;
        property = `${site} 太陽光発電設置工事`;
        break;
      case 3:
        site = `${locality.cityShort}市営住宅 第${random.int(1, 5)}団地`;
        property = `${site} 屋根改修`;
        break;
      case 4:
        site = `${random.pick(BUSINESS_NAMES)} ${random.pick(FACILITIES)}`;
        property = `${site} 太陽光発電設備設置工事`;
        break;
      default:
        site = `(仮称)${random.pick(locality.towns)}${random.int(1, 5)}丁目計画`;
        property = `${site} 新築工事`;
    }
    result.push({
      property,
      dest1: `${site} 現場`,
      dest2: `現場担当 ${random.pick(SURNAMES)}様`,
      address: `${locality.prefecture}${locality.city}${random.pick(locality.towns)}${random.int(1, 5)}-${random.int(1, 30)}-${random.int(1, 20)}`,
    });
  }
  return result;
}

/**
 * The words lines are made of, as small numbered tables the generator joins (hash joins; an
 * array column would be de-toasted for every line).
 */
async function storeVocabulary(exec: Exec): Promise<{ people: number }> {
  const s = sites();
  const people = SURNAMES.flatMap((a) => GIVEN_NAMES.map((b) => `${a} ${b}`));
  const tables: [string, Record<string, 'text' | 'int'>, readonly unknown[]][] = [
    [
      'bench_item',
      { item: 'text', model: 'text', price: 'int' },
      CATALOG.map((c) => ({ item: c.itemName, model: c.modelName, price: c.unitPrice })),
    ],
    ['bench_site', { property: 'text', dest1: 'text', dest2: 'text', address: 'text' }, s],
    ['bench_person', { name: 'text' }, people.map((name) => ({ name }))],
    ['bench_carrier', { name: 'text' }, CARRIERS.map((c) => ({ name: c.name }))],
    ['bench_request', { name: 'text' }, DELIVERY_REQUESTS.map((name) => ({ name }))],
  ];
  for (const [table, columns, rows] of tables) {
    await exec(`drop table if exists ${table}`);
    await exec(
      `create table ${table} as select n::int as ix, ${Object.entries(columns)
        .map(([name, type]) => `(e->>'${name}')::${type} as ${name}`)
        .join(', ')} from json_array_elements($1::json) with ordinality as t(e, n)`,
      [JSON.stringify(rows)],
    );
    await exec(`alter table ${table} add primary key (ix)`);
    await exec(`analyze ${table}`);
  }
  return { people: people.length };
}
const VOCABULARY_TABLES = [
  'bench_item',
  'bench_site',
  'bench_person',
  'bench_carrier',
  'bench_request',
];

/** The INSERT … SELECT of lines (from, to]; $1 = from, $2 = to, $3 = today (YYYY-MM-DD). */
function insertStatement(people: number): string {
  // h(n): a non-negative 31-bit hash of the line number, one stream per n.
  const h = (n: number) => `(hashint8extended(g, ${n}) & 2147483647)`;
  return `
    with line as (
      select g,
        ${BENCH_CUSTOMER_BASE} + floor(${BENCH_CUSTOMER_COUNT} * power(${h(1)} / 2147483648.0, 2))::int as customer_code,
        ${h(2)} % 100 < 13 as backlog,
        ${h(5)} as r5, ${h(6)} as r6, ${h(7)} as r7,
        1 + ${h(3)} % ${CATALOG.length} as i_item,
        1 + ${h(4)} % ${SITE_COUNT} as i_site,
        1 + ${h(7)} % ${people} as i_person,
        1 + ${h(5)} % ${CARRIERS.length} as i_carrier,
        1 + ${h(7)} % ${DELIVERY_REQUESTS.length} as i_request
      from generate_series($1::bigint + 1, $2::bigint) as g
    ), dated as (
      select line.*,
        $3::date - (case when backlog then r5 % 150 else r5 % 730 end)::int as order_date
      from line
    )
    insert into ledger_items (customer_code, status, sale_order_no, sale_order_line_no, delivery_no,
      delivery_line_no, sale_order_date, shipped_date, expected_delivery_date, delivery_request,
      property_name, item_name, model_name, quantity, unit_price, amount, destination_name1,
      destination_name2, destination_address, contact_person, transportation, shipping_label_number,
      invoice_file_name, shipped_file_name, delivery_file_name)
    select customer_code,
      case when backlog then ${literal(LEDGER_STATUS.backlog)} else ${literal(LEDGER_STATUS.shipped)} end,
      'BSO' || lpad(g::text, 9, '0'), 1,
      case when backlog then '' else 'BDN' || lpad(g::text, 9, '0') end,
      case when backlog then 0 else 1 end,
      order_date,
      case when backlog then null else least($3::date, order_date + (1 + r6 % 14)::int) end,
      case when backlog then $3::date + (1 + r6 % 120)::int
           else least($3::date, order_date + (1 + r6 % 14)::int) + (1 + r7 % 3)::int end,
      case when r7 % 5 = 0 then rq.name end,
      s.property, i.item, i.model,
      1 + r6 % 200, i.price, (1 + r6 % 200) * i.price,
      s.dest1, s.dest2, s.address,
      p.name, c.name,
      case when backlog then '' else lpad((r5 * 7 + r6)::text, 12, '0') end,
      case when backlog then '' else '請求書_BSO' || lpad(g::text, 9, '0') || '.pdf' end,
      case when backlog then '' else '出荷案内_BDN' || lpad(g::text, 9, '0') || '.pdf' end,
      case when backlog or r7 % 10 = 0 then '' else '納品書_BDN' || lpad(g::text, 9, '0') || '.pdf' end
    from dated
      join bench_item i on i.ix = i_item
      join bench_site s on s.ix = i_site
      join bench_person p on p.ix = i_person
      join bench_carrier c on c.ix = i_carrier
      join bench_request rq on rq.ix = i_request`;
}

/** The 5,000 bench customers (codes 100000…104999) in one bench corporation. */
export async function ensureBenchCustomers(exec: Exec): Promise<void> {
  await exec(
    `insert into corporations (corporate_code, corporate_name) values ($1, 'ベンチマーク法人')
     on conflict do nothing`,
    [BENCH_CORPORATION],
  );
  await exec(
    `insert into customers (customer_code, customer_name, corporate_code, customer_bucket_name, folder_name)
     select ${BENCH_CUSTOMER_BASE} + k, 'ベンチ取引先 ' || k, $1, 'bench-' || k, 'Shared'
     from generate_series(0, ${BENCH_CUSTOMER_COUNT - 1}) as k
     on conflict do nothing`,
    [BENCH_CORPORATION],
  );
}

/** Bench lines present: they are numbered 1…n, so the count is the size. */
export async function benchLineCount(exec: Exec): Promise<number> {
  const { rows } = await exec(
    `select count(*)::bigint as n from ledger_items where sale_order_no like 'BSO%'`,
  );
  return Number(rows[0]!.n);
}

/**
 * Grows (or rebuilds) the bench ledger to exactly size lines. The ledger's secondary indexes are
 * dropped during the load and rebuilt after it (much faster than maintaining them row by row),
 * from definitions kept in a side table, so an interrupted load still gets them back next time.
 */
export async function generateLedger(
  exec: Exec,
  size: number,
  today: string,
  log: (message: string) => void,
): Promise<void> {
  let have = await benchLineCount(exec);
  if (have === size) return;
  await exec(
    `create table if not exists bench_index_defs (name text primary key, def text not null)`,
  );
  await exec(
    `insert into bench_index_defs select indexname, indexdef from pg_indexes
     where tablename = 'ledger_items' and indexname <> 'ledger_items_pkey' on conflict do nothing`,
  );
  const { rows: defs } = await exec(`select name, def from bench_index_defs order by name`);
  for (const { name } of defs) await exec(`drop index if exists "${name as string}"`);
  if (have > size) {
    // A bench database holds bench lines only (the demo seed there has no ledger).
    await exec(`truncate ledger_items`);
    have = 0;
  }
  const started = performance.now();
  const statement = insertStatement((await storeVocabulary(exec)).people);
  for (let from = have; from < size; from += INSERT_CHUNK) {
    const to = Math.min(size, from + INSERT_CHUNK);
    await exec(statement, [from, to, today]);
    log(
      `  lines ${to.toLocaleString('en-US')} / ${size.toLocaleString('en-US')} (${seconds(started)})`,
    );
  }
  const indexStarted = performance.now();
  for (const { name, def } of defs) {
    await exec(def as string);
    log(`  index ${name as string} (${seconds(indexStarted)})`);
  }
  await exec('drop table bench_index_defs');
  for (const table of VOCABULARY_TABLES) await exec(`drop table ${table}`);
  await exec(`vacuum analyze ledger_items`);
  log(`  vacuum analyze (${seconds(started)} in all)`);
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
