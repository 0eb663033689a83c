import { randomBytes, randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { inArray } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';
import type { CounterStore } from '../../server/rate-limit/counter-store';
import { createCounterStore } from '../../server/rate-limit/create-counter-store';
import { DatabaseCounterStore } from '../../server/rate-limit/database-counter-store';
import { RateLimiter } from '../../server/rate-limit/rate-limiter';
import { RedisCounterStore } from '../../server/rate-limit/redis-counter-store';
import { postgresAnswers, redisAnswers } from './helpers/services';

// The scale-out backends are used when they answer; naming them in the environment makes them required.
// With DATABASE_URL (the PostgreSQL run of `npm test`) the PostgreSQL store is required, in a
// throwaway schema of that database.
const POSTGRES_URL =
  process.env.TEST_COUNTER_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The DDL drizzle-kit generates from the table export, so the tests run on exactly that table. */
async function counterTableDdl(): Promise<string[]> {
  const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
  return generateMigration(generateDrizzleJson({}), generateDrizzleJson({ rateLimitCounters }));
}

interface Backend {
  /** Two stores as two API instances would have them: separate connections, shared state. */
  stores: [CounterStore, CounterStore];
  database?: Database;
  close(): Promise<void>;
}

async function openPglite(): Promise<Backend> {
  const client = new PGlite();
  for (const statement of await counterTableDdl()) await client.exec(statement);
  const database = drizzlePglite({ client }) as unknown as Database;
  // PGlite is one connection per process: two instances can only share one database handle.
  const stores: [CounterStore, CounterStore] = [
    new DatabaseCounterStore(database),
    new DatabaseCounterStore(database),
  ];
  return {
    stores,
    database,
    close: async () => {
      for (const store of stores) await store.close();
      await client.close();
    },
  };
}

async function openPostgres(): Promise<Backend> {
  // A schema of its own per run, so parallel runs and other tables of the database do not meet.
  const schema = `rate_limit_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const pools = [0, 1].map(
    () =>
      new pg.Pool({ connectionString: POSTGRES_URL, max: 10, options: `-c search_path=${schema}` }),
  );
  for (const statement of await counterTableDdl()) await pools[0]!.query(statement);
  const databases = pools.map((pool) => drizzleNodePg({ client: pool }) as unknown as Database);
  const stores: [CounterStore, CounterStore] = [
    new DatabaseCounterStore(databases[0]!),
    new DatabaseCounterStore(databases[1]!),
  ];
  return {
    stores,
    database: databases[0]!,
    close: async () => {
      for (const store of stores) await store.close();
      for (const pool of pools) await pool.end();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

async function openRedis(): Promise<Backend> {
  const keyPrefix = `test:rate-limit:${randomBytes(6).toString('hex')}:`;
  const stores: [CounterStore, CounterStore] = [
    new RedisCounterStore({ url: REDIS_URL, keyPrefix }),
    new RedisCounterStore({ url: REDIS_URL, keyPrefix }),
  ];
  return {
    stores,
    close: async () => {
      const redis = (stores[0] as RedisCounterStore).redis;
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      for (const store of stores) await store.close();
    },
  };
}

const backends = [
  { name: 'PGlite (embedded database)', open: openPglite, onDatabase: true, available: true },
  {
    name: 'PostgreSQL',
    open: openPostgres,
    onDatabase: true,
    available: await postgresAnswers(
      POSTGRES_URL,
      Boolean(process.env.TEST_COUNTER_DATABASE_URL || process.env.DATABASE_URL),
    ),
  },
  {
    name: 'Redis',
    open: openRedis,
    onDatabase: false,
    available: await redisAnswers(REDIS_URL, Boolean(process.env.TEST_REDIS_URL)),
  },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the store itself no longer holds a window for `k`: its backend's clock ends a
 * window (Redis' expiry, the database's now()), which the test cannot move. Answers when that was.
 */
async function windowGone(store: CounterStore, k: string): Promise<number> {
  await vi.waitFor(async () => expect(await store.peek(k)).toBeNull(), {
    timeout: 10_000,
    interval: 20,
  });
  return Date.now();
}

describe.each(backends)('counter store on $name', ({ open, onDatabase, available }) => {
  let backend: Backend;
  let store: CounterStore;
  let other: CounterStore;

  beforeAll(async () => {
    if (!available) return;
    backend = await open();
    [store, other] = backend.stores;
  }, 60_000);

  afterAll(async () => {
    await backend?.close();
  });

  const key = () => `test:${randomUUID()}`;

  it.skipIf(!available)('starts a window at 1 and counts up within it', async () => {
    const k = key();
    const before = Date.now();
    const first = await store.hit(k, 60_000);
    expect(first.count).toBe(1);
    expect(first.resetAt.getTime()).toBeGreaterThan(before + 59_000);
    expect(first.resetAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000 + 50);
    expect((await store.hit(k, 60_000)).count).toBe(2);
    expect((await store.hit(k, 60_000)).count).toBe(3);
  });

  it.skipIf(!available)(
    'gives 50 concurrent hits on one key the counts 1..50, each once, across two instances',
    async () => {
      const k = key();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? store : other).hit(k, 60_000)),
      );
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
      expect((await other.peek(k))?.count).toBe(50);
    },
  );

  it.skipIf(!available)(
    'restarts at 1 after the window expired, and hits do not stretch a window',
    async () => {
      const k = key();
      const first = await store.hit(k, 300);
      // Time must pass between the hits for a stretched window to show in its end.
      await sleep(100);
      const second = await other.hit(k, 300);
      expect(second.count).toBe(2);
      expect(Math.abs(second.resetAt.getTime() - first.resetAt.getTime())).toBeLessThan(60);

      // The window ends when the store said, not before (a little leeway for the clocks' reading).
      expect(await windowGone(store, k)).toBeGreaterThanOrEqual(second.resetAt.getTime() - 30);
      const restarted = await store.hit(k, 300);
      expect(restarted.count).toBe(1);
      expect(restarted.resetAt.getTime()).toBeGreaterThan(first.resetAt.getTime());
    },
  );

  it.skipIf(!available)('peeks without counting, and forgets a key on reset', async () => {
    const k = key();
    expect(await store.peek(k)).toBeNull();
    await store.hit(k, 60_000);
    await store.hit(k, 60_000);
    expect((await other.peek(k))?.count).toBe(2);
    expect((await other.peek(k))?.count).toBe(2);
    await other.reset(k);
    expect(await store.peek(k)).toBeNull();
    expect((await store.hit(k, 60_000)).count).toBe(1);
  });

  it.skipIf(!available)('counts each key on its own', async () => {
    const [a, b] = [key(), key()];
    await store.hit(a, 60_000);
    await store.hit(a, 60_000);
    expect((await store.hit(b, 60_000)).count).toBe(1);
    expect((await store.hit(a, 60_000)).count).toBe(3);
  });

  it.skipIf(!available)(
    'lets a RateLimiter allow `limit` hits and then refuse with a Retry-After',
    async () => {
      const limiter = new RateLimiter(store, {
        'check-account-lock': { limit: 5, windowMs: 60_000 },
      });
      const mail = `${randomUUID()}@example.com`;
      const decisions = [];
      for (let i = 0; i < 5; i += 1)
        decisions.push(await limiter.check('check-account-lock', mail));
      expect(decisions.every((d) => d.allowed && d.retryAfterSeconds === 0)).toBe(true);

      // Another instance and another spelling of the same address share the count.
      const refused = await new RateLimiter(other, {
        'check-account-lock': { limit: 5, windowMs: 60_000 },
      }).check('check-account-lock', `  ${mail.toUpperCase()} `);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);

      expect((await limiter.check('check-account-lock', `other-${mail}`)).allowed).toBe(true);
      await limiter.reset('check-account-lock', mail);
      expect((await limiter.check('check-account-lock', mail)).allowed).toBe(true);
    },
  );

  it.skipIf(!available)('lets only `limit` of 50 parallel attempts through', async () => {
    const limiter = new RateLimiter(store, { 'sign-in': { limit: 5, windowMs: 60_000 } });
    const mail = `${randomUUID()}@example.com`;
    const decisions = await Promise.all(
      Array.from({ length: 50 }, () => limiter.check('sign-in', mail)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it.skipIf(!available || !onDatabase)('deletes only expired rows when pruning', async () => {
    const database = backend.database!;
    const [expiring, lasting] = [key(), key()];
    await store.hit(expiring, 100);
    await store.hit(lasting, 60_000);
    await windowGone(store, expiring);
    await (store as DatabaseCounterStore).pruneExpired();
    expect(await keysIn(database, [expiring, lasting])).toEqual([lasting]);
  });

  it.skipIf(!available || !onDatabase)('prunes expired rows now and then by itself', async () => {
    const database = backend.database!;
    const pruning = new DatabaseCounterStore(database, { pruneProbability: 1 });
    const [expiring, lasting] = [key(), key()];
    await pruning.hit(expiring, 1);
    await windowGone(pruning, expiring);
    await pruning.hit(lasting, 60_000);
    await pruning.close();
    expect(await keysIn(database, [expiring, lasting])).toEqual([lasting]);
  });
});

async function keysIn(database: Database, keys: string[]): Promise<string[]> {
  const rows = await database
    .select({ key: rateLimitCounters.key })
    .from(rateLimitCounters)
    .where(inArray(rateLimitCounters.key, keys));
  return rows.map((r) => r.key);
}

describe('createCounterStore', () => {
  it('uses the database without REDIS_URL and Redis with it', async () => {
    const database = {} as Database;
    const onDatabase = createCounterStore({ db: database });
    expect(onDatabase).toBeInstanceOf(DatabaseCounterStore);
    const onRedis = createCounterStore({ db: database, redisUrl: 'redis://127.0.0.1:6379' });
    expect(onRedis).toBeInstanceOf(RedisCounterStore);
    await onDatabase.close();
    await onRedis.close();
  });
});
