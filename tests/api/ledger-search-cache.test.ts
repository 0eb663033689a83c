import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LedgerItem } from '../../domain/api/ledger';
import {
  LEDGER_CACHE_KEY_PREFIX,
  RedisLedgerCache,
} from '../../server/ledger-cache/redis-ledger-cache';
import { bearer, signIn } from './helpers/auth';
import { createLedgerItem, insertLedgerItems, ledgerCsv } from './helpers/ledger-factory';
import { readsLedger, statementsDuring } from './helpers/statements';
import { createTestApp, openSecondInstance, type TestApp } from './helpers/test-app';

// The search-answer cache keyed by the ledger's version (docs/decisions/018): a first
// page, an unpaged array and a total are read from the ledger once per version; every import
// (every write to ledger_items) gives the ledger a new version in its own transaction, so the
// next search after it commits answers the new lines. In this process by default, in Redis with
// REDIS_URL (TEST_REDIS_URL, db 5 in CI's PostgreSQL pass); Redis being away never fails a search.

const SEARCH = '/api/v1/spec/search-result-ledgerItem';
const IMPORT = '/api/v1/spec/import-ledger';
const IN_2026 = { from_date: '2026-01-01', to_date: '2026-12-31' };
const redisUrl = process.env.TEST_REDIS_URL;

/** Opening an app (PGlite and its migrations) took over two minutes on a loaded 2-core machine. */
const OPEN_TIMEOUT_MS = 300_000;

/** Lines of customer 10001 in 2026, one a day from 2026-03-01, newest last. */
function lines(count: number, overrides: Partial<LedgerItem> = {}): LedgerItem[] {
  return Array.from({ length: count }, (_, i) =>
    createLedgerItem({
      sale_order_date: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
      ...overrides,
    }),
  );
}

async function tokenOf(t: TestApp, who: string): Promise<string> {
  return (await signIn(t.app, `${who}@example.com`)).token;
}

async function search(t: TestApp, token: string, body: object) {
  return t.app.inject({ method: 'POST', url: SEARCH, payload: body, headers: bearer(token) });
}

async function importLines(t: TestApp, staffToken: string, items: LedgerItem[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: IMPORT,
    payload: ledgerCsv(items),
    headers: { ...bearer(staffToken), 'content-type': 'text/csv' },
  });
  return res;
}

async function deleteOwnRedisKeys(url: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(
        cursor,
        'MATCH',
        `${LEDGER_CACHE_KEY_PREFIX}*`,
        'COUNT',
        500,
      );
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Waits for the cache's Redis connection (opened with the platform) to be ready. */
async function redisReady(t: TestApp): Promise<void> {
  const cache = t.platform.ledgerCache;
  if (!(cache instanceof RedisLedgerCache)) return;
  await vi.waitFor(() => expect(cache.redis.status).toBe('ready'), { timeout: 5_000 });
}

const kinds: [string, Record<string, string>][] = [
  ['in memory', {}],
  ...(redisUrl ? [['in Redis', { REDIS_URL: redisUrl }] as [string, Record<string, string>]] : []),
];

describe.each(kinds)('the answer cache %s', (kind, env) => {
  let t: TestApp;
  let user: string;
  let staff: string;
  let other: string;
  const first = lines(30);

  beforeAll(async () => {
    t = await createTestApp({ seed: { ledgerLinesPerCustomer: 0 }, env });
    expect(t.platform.ledgerCache?.kind).toBe(kind === 'in Redis' ? 'redis' : 'memory');
    await redisReady(t);
    await insertLedgerItems(t.database.db, first);
    [user, staff, other] = await Promise.all([
      tokenOf(t, 'user'),
      tokenOf(t, 'staff'),
      tokenOf(t, 'other'),
    ]);
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    if (env.REDIS_URL) await deleteOwnRedisKeys(env.REDIS_URL);
  });

  it('a repeated first page, unpaged array and total are answered without reading the ledger', async () => {
    for (const body of [
      { customer_code: 10001, ...IN_2026, page: 1, page_size: 10 },
      { customer_code: 10001, ...IN_2026 },
    ]) {
      const once = await statementsDuring(t, async () => {
        expect((await search(t, user, body)).statusCode).toBe(200);
      });
      expect(readsLedger(once).length).toBeGreaterThan(0);
      let answer: unknown;
      const again = await statementsDuring(t, async () => {
        const res = await search(t, user, body);
        expect(res.statusCode).toBe(200);
        answer = res.json();
      });
      expect(readsLedger(again)).toEqual([]);
      expect(Array.isArray(answer) ? answer.length : (answer as { total: number }).total).toBe(30);
    }
    // A later page reads its lines, but its total comes from the cache.
    const page2 = await statementsDuring(t, async () => {
      const res = await search(t, user, {
        customer_code: 10001,
        ...IN_2026,
        page: 2,
        page_size: 10,
      });
      expect(res.json()).toMatchObject({ total: 30, page: 2 });
      expect(res.json().items).toHaveLength(10);
    });
    expect(readsLedger(page2)).toHaveLength(1);
    expect(readsLedger(page2)[0]).not.toMatch(/count\(/);
  });

  it('an import makes the next search show its lines at once: first page, array, total, later pages', async () => {
    const paged = { customer_code: 10001, ...IN_2026, page: 1, page_size: 10 };
    const before = (await search(t, user, paged)).json();
    expect(before.total).toBe(30);
    // Newer than every line there: first in the default order (order date, newest first).
    const added = lines(3, { sale_order_date: '2026-11-20' });
    const changed = { ...first[29]!, property_name: '取り込みで変わった物件名' };
    const res = await importLines(t, staff, [...added, changed]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ inserted: 3, updated: 1 });

    const after = (await search(t, user, paged)).json();
    expect(after.total).toBe(33);
    expect(
      after.items
        .slice(0, 3)
        .map((i: LedgerItem) => i.sale_order_no)
        .sort(),
    ).toEqual(added.map((i) => i.sale_order_no).sort());
    const array = (await search(t, user, { customer_code: 10001, ...IN_2026 })).json();
    expect(array).toHaveLength(33);
    expect(array.find((i: LedgerItem) => i.sale_order_no === changed.sale_order_no)).toMatchObject({
      property_name: '取り込みで変わった物件名',
    });
    const page4 = (await search(t, user, { ...paged, page: 4 })).json();
    expect(page4).toMatchObject({ total: 33 });
    expect(page4.items).toHaveLength(3);
  });

  it('a file that is refused writes nothing and the cached answers stay', async () => {
    const paged = { customer_code: 10001, ...IN_2026, page: 1, page_size: 10 };
    await search(t, user, paged);
    const bad = await importLines(t, staff, [
      ...lines(2),
      createLedgerItem({ customer_code: 77777 }),
    ]);
    expect(bad.statusCode).toBe(400);
    const again = await statementsDuring(t, async () => {
      expect((await search(t, user, paged)).json().total).toBe(33);
    });
    expect(readsLedger(again)).toEqual([]);
  });

  it('a change to the ledger outside the import (a correction by SQL) also ends the cached answers', async () => {
    const body = { customer_code: 10001, ...IN_2026, page: 1, page_size: 10 };
    expect((await search(t, user, body)).json().total).toBe(33);
    await insertLedgerItems(t.database.db, lines(2));
    expect((await search(t, user, body)).json().total).toBe(35);
  });

  it('the totals are exact: the cached total is the count of the lines, with and without a text filter', async () => {
    for (const extra of [{}, { text_field: ['高橋'], search_type_flag: 1 }, { status: '出荷済' }]) {
      const body = { customer_code: 10001, ...IN_2026, ...extra, page: 1, page_size: 7 };
      const fresh = (await search(t, user, body)).json();
      const cached = (await search(t, user, body)).json();
      expect(cached).toEqual(fresh);
      const all = (await search(t, user, { customer_code: 10001, ...IN_2026, ...extra })).json();
      expect(cached.total).toBe(all.length);
      expect(cached.total).toBeGreaterThan(0);
    }
  });

  it('a caller refused a customer gets 403, never the cached answer, and the ledger is not read', async () => {
    const body = { customer_code: 10001, ...IN_2026, page: 1, page_size: 10 };
    expect((await search(t, user, body)).statusCode).toBe(200);
    const refused = await statementsDuring(t, async () => {
      const res = await search(t, other, body);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('SO-T-');
    });
    expect(readsLedger(refused)).toEqual([]);
    expect(refused.some((text) => /ledger_version/.test(text))).toBe(false);
  });
});

// Redis failing mid-command (timeouts, errors) is tested on the driver in
// tests/unit/ledger-cache.test.ts; here the cache's connection is gone while the app runs (the
// sign-in's counters need Redis, so the app starts with it).
describe.runIf(redisUrl)("with the cache's Redis gone, searches answer from the database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { ledgerLinesPerCustomer: 0 }, env: { REDIS_URL: redisUrl! } });
    await redisReady(t);
    await insertLedgerItems(t.database.db, lines(4));
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await deleteOwnRedisKeys(redisUrl!);
  });

  it('searches answer the ledger, and an import shows at once', async () => {
    const user = await tokenOf(t, 'user');
    const staff = await tokenOf(t, 'staff');
    const body = { customer_code: 10001, ...IN_2026, page: 1, page_size: 10 };
    expect((await search(t, user, body)).json().total).toBe(4);
    (t.platform.ledgerCache as RedisLedgerCache).redis.disconnect();
    for (let i = 0; i < 3; i++) {
      const statements = await statementsDuring(t, async () => {
        const res = await search(t, user, body);
        expect(res.statusCode).toBe(200);
        expect(res.json().total).toBe(4);
      });
      expect(readsLedger(statements).length).toBeGreaterThan(0);
    }
    expect((await importLines(t, staff, lines(2))).statusCode).toBe(200);
    expect((await search(t, user, body)).json().total).toBe(6);
    expect((await search(t, user, { customer_code: 10001, ...IN_2026 })).json()).toHaveLength(6);
  });
});

describe('with LEDGER_CACHE_MB=0 there is no cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: { ledgerLinesPerCustomer: 0 },
      env: { LEDGER_CACHE_MB: '0' },
    });
    await insertLedgerItems(t.database.db, lines(2));
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('every search reads the ledger', async () => {
    expect(t.platform.ledgerCache).toBeNull();
    const user = await tokenOf(t, 'user');
    const body = { customer_code: 10001, ...IN_2026, page: 1 };
    for (let i = 0; i < 2; i++) {
      const statements = await statementsDuring(t, async () => {
        expect((await search(t, user, body)).json().total).toBe(2);
      });
      expect(readsLedger(statements).length).toBe(2);
    }
  });
});

// Two instances on one PostgreSQL and one Redis (tests/api/instances.test.ts): an answer one
// stored is the other's, and an import through one is seen by the next search on the other.
describe.runIf(Boolean(process.env.DATABASE_URL && redisUrl))(
  'two API instances sharing the cache in Redis',
  () => {
    let a: TestApp;
    let b: TestApp;
    const run = randomBytes(3).toString('hex');

    beforeAll(async () => {
      a = await createTestApp({
        seed: { ledgerLinesPerCustomer: 0 },
        env: { REDIS_URL: redisUrl! },
      });
      b = await openSecondInstance(a);
      await Promise.all([redisReady(a), redisReady(b)]);
      await insertLedgerItems(a.database.db, lines(12, { property_name: `複数台 ${run}` }));
    }, OPEN_TIMEOUT_MS);
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await deleteOwnRedisKeys(redisUrl!);
    });

    it('one stores, the other answers from it; an import on one is seen on the other at once', async () => {
      const user = await tokenOf(a, 'user');
      const staff = await tokenOf(a, 'staff');
      const body = { customer_code: 10001, ...IN_2026, page: 1, page_size: 5 };
      expect((await search(a, user, body)).json().total).toBe(12);
      const onB = await statementsDuring(b, async () => {
        expect((await search(b, user, body)).json().total).toBe(12);
      });
      expect(readsLedger(onB)).toEqual([]);

      const added = lines(2, { sale_order_date: '2026-12-01' });
      expect((await importLines(a, staff, added)).statusCode).toBe(200);
      const afterImport = (await search(b, user, body)).json();
      expect(afterImport.total).toBe(14);
      expect(
        afterImport.items
          .slice(0, 2)
          .map((i: LedgerItem) => i.sale_order_no)
          .sort(),
      ).toEqual(added.map((i) => i.sale_order_no).sort());
      // And the other way round: an import through b, read on a.
      expect(
        (await importLines(b, staff, lines(1, { sale_order_date: '2026-12-02' }))).statusCode,
      ).toBe(200);
      expect((await search(a, user, body)).json().total).toBe(15);
      expect((await search(b, user, body)).json().total).toBe(15);
    });
  },
);
