// The inquiries part of `npm run bench` (BENCH_ONLY=inquiries; docs/decisions/032): fills
// inquiries and their messages with INSERT … SELECT generate_series over the demo customers
// (BENCH_INQUIRIES requests, default 50,000 on PostgreSQL and 10,000 on PGlite, five messages
// each), then times staff's filtered list and a customer's list through the API (p50, p95).

import { sql } from 'drizzle-orm';
import { runApiLatencyBench, type Scenario } from './api-latency';

const MESSAGES_PER_INQUIRY = 5;

const SCENARIOS: Scenario[] = [
  { name: 'staff: all, pages 1–5', who: 'staff', query: (i) => ({ page: String((i % 5) + 1) }) },
  { name: 'staff: 未対応', who: 'staff', query: () => ({ state: 'open' }) },
  {
    name: 'staff: state + category + customer',
    who: 'staff',
    query: (i) => ({
      state: 'in-progress',
      category: 'delivery-change',
      customer_code: ['10001', '10002', '20001', '30001'][i % 4]!,
    }),
  },
  {
    name: 'staff: unassigned, date range',
    who: 'staff',
    query: () => ({ assigned: 'none', from: '2026-06-01', to: '2026-09-30' }),
  },
  {
    name: 'staff: keyword',
    who: 'staff',
    query: (i) => ({ keyword: ['色違い', '再発行', '足場', '12月'][i % 4]! }),
  },
  { name: 'customer (general user)', who: 'user', query: (i) => ({ page: String((i % 3) + 1) }) },
  { name: 'customer (administrator)', who: 'admin', query: () => ({}) },
];

const TEXTS = [
  '納期を教えてください',
  '色違いが届きました',
  '請求書の再発行をお願いします',
  '足場の都合で12月に変更したい',
  '数量が違います',
];

async function fill(
  db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> },
  size: number,
) {
  await db.execute(sql`delete from inquiries`);
  const texts = sql.raw(`array[${TEXTS.map((t) => `'${t}'`).join(',')}]`);
  await db.execute(sql`
    insert into inquiries (customer_code, sale_order_no, category, state, requester_name, requester_mail,
      first_text, message_count, search_text, created_at, last_activity_at, assigned_user_id)
    select (array[10001,10002,20001,30001,30002,40001])[1 + g % 6],
      'SO' || lpad((g % 99999)::text, 6, '0'),
      (array['delivery-date','delivery-change','discrepancy','reissue','other'])[1 + (g / 7) % 5],
      (array['open','in-progress','answered','closed','closed','closed'])[1 + (g / 3) % 6],
      'ベンチ 太郎', 'bench@example.com',
      (${texts})[1 + g % 5], ${MESSAGES_PER_INQUIRY},
      lower((${texts})[1 + g % 5] || ' ' || (${texts})[1 + (g / 5) % 5]),
      now() - (g % 400) * interval '1 day', now() - (g % 400) * interval '1 day' + interval '1 hour',
      case when g % 3 = 0 then (select id from users where customer_code = 99999 limit 1) end
    from generate_series(1, ${size}) g`);
  await db.execute(sql`
    insert into inquiry_messages (inquiry_id, author_name, author_staff, text, created_at)
    select i.id, 'ベンチ', m % 2 = 0, i.first_text, i.created_at + m * interval '1 minute'
    from inquiries i, generate_series(1, ${MESSAGES_PER_INQUIRY}) m`);
  await db.execute(sql.raw('vacuum (analyze) inquiries'));
  await db.execute(sql.raw('vacuum (analyze) inquiry_messages'));
}

export async function runInquiriesBench(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const size = Number(process.env.BENCH_INQUIRIES ?? (databaseUrl ? 50_000 : 10_000));
  await runApiLatencyBench({
    label: `inquiries — ${size.toLocaleString('en')} requests, ${(size * MESSAGES_PER_INQUIRY).toLocaleString('en')} messages`,
    fill: (db) => fill(db, size),
    url: '/api/v1/inquiries',
    scenarios: SCENARIOS,
  });
}
