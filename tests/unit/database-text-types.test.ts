import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '../../db/client';

// The embedded database reads dates, timestamps, intervals and their arrays as text, as Drizzle
// asks of it with every statement (db/client.ts, withTextTypesOnce): the same rows whether the
// statement's own parsers went with it or were left out, in a transaction or not, through Drizzle
// or queryRows; every other type as PGlite parses it.

/** A first open makes the database (initdb): seconds, more on a busy machine. */
const FIRST_ANSWER_MS = 45_000;

const TEXT_TYPES_SQL = `select
  date '2026-11-29' as d, (date '2026-11-29')::text as d_text,
  timestamp '2026-11-29 10:00:01.5' as ts, (timestamp '2026-11-29 10:00:01.5')::text as ts_text,
  timestamptz '2026-11-29 10:00:01+09' as tz, (timestamptz '2026-11-29 10:00:01+09')::text as tz_text,
  interval '1 day 02:03:04' as iv, (interval '1 day 02:03:04')::text as iv_text,
  array[date '2026-11-29', null] as d_list, (array[date '2026-11-29', null])::text as d_list_text,
  array[timestamptz '2026-11-29 10:00:01+09'] as tz_list,
  (array[timestamptz '2026-11-29 10:00:01+09'])::text as tz_list_text,
  array[interval '1 hour'] as iv_list, (array[interval '1 hour'])::text as iv_list_text,
  array[1.50::numeric] as n_list, (array[1.50::numeric])::text as n_list_text,
  42 as n, true as b, '{"a":[1]}'::jsonb as j, array[1, 2] as int_list`;
const TEXT_TYPES = sql.raw(TEXT_TYPES_SQL);

let dataDir: string;
let database: DatabaseHandle;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-text-types-'));
  database = openDatabase({ dataDir });
  await database.ping(FIRST_ANSWER_MS);
}, FIRST_ANSWER_MS + 15_000);
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function expectAsText(row: Record<string, unknown>) {
  for (const name of ['d', 'ts', 'tz', 'iv', 'd_list', 'tz_list', 'iv_list', 'n_list']) {
    expect(row[name], name).toBe(row[`${name}_text`]);
  }
  expect(row.d).toBe('2026-11-29');
  expect(row.n_list).toBe('{1.50}');
  expect(row).toMatchObject({ n: 42, b: true, j: { a: [1] }, int_list: [1, 2] });
}

describe('the embedded database’s text types', () => {
  it('through Drizzle, outside and inside a transaction', async () => {
    const outside = (await database.db.execute(TEXT_TYPES)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expectAsText(outside.rows[0]!);
    const inside = (await database.db.transaction((tx) => tx.execute(TEXT_TYPES))) as unknown as {
      rows: Record<string, unknown>[];
    };
    expectAsText(inside.rows[0]!);
  });

  it('through queryRows', async () => {
    const [row] = await queryRows<Record<string, unknown>>(database.db, {
      sql: TEXT_TYPES_SQL,
      params: [],
    });
    expectAsText(row!);
  });
});
