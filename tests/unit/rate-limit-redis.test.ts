import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../server/rate-limit/rate-limiter';
import { RedisCounterStore } from '../../server/rate-limit/redis-counter-store';
import { redisAnswers } from './helpers/services';

// Used when it answers; naming it in the environment makes it required.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const available = await redisAnswers(REDIS_URL, Boolean(process.env.TEST_REDIS_URL));
const keyPrefix = `test:rate-limit:${randomBytes(6).toString('hex')}:`;
const opened: RedisCounterStore[] = [];
let admin: Redis;

/** One store per API instance: its own connection, the same Redis. */
function apiInstance(prefix = keyPrefix): RedisCounterStore {
  const store = new RedisCounterStore({ url: REDIS_URL, keyPrefix: prefix });
  opened.push(store);
  return store;
}

beforeAll(async () => {
  if (available) admin = new Redis(REDIS_URL);
});

afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

afterAll(async () => {
  if (!available) return;
  const keys = await admin.keys(`${keyPrefix}*`);
  if (keys.length > 0) await admin.del(...keys);
  await admin.quit();
});

describe.skipIf(!available)('Redis counter store', () => {
  it('shares one count between two API instances', async () => {
    const [a, b] = [apiInstance(), apiInstance()];
    expect((await a.hit('sign-in:user@example.com', 60_000)).count).toBe(1);
    expect((await b.hit('sign-in:user@example.com', 60_000)).count).toBe(2);
    expect((await a.hit('sign-in:user@example.com', 60_000)).count).toBe(3);

    const limiterA = new RateLimiter(a, { lock: { limit: 5, windowMs: 60_000 } });
    const limiterB = new RateLimiter(b, { lock: { limit: 5, windowMs: 60_000 } });
    const decisions = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? limiterA : limiterB).check('lock', 'admin@example.com'),
      ),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    expect(decisions.filter((d) => !d.allowed).every((d) => d.retryAfterSeconds > 0)).toBe(true);
  });

  it('stores the counter under the key prefix with an expiry set once, on the first hit', async () => {
    const store = apiInstance();
    await store.hit('window', 60_000);
    const firstTtl = await admin.pttl(`${keyPrefix}window`);
    expect(firstTtl).toBeGreaterThan(59_000);
    // As if half the window had passed: a second hit that set the expiry again would put it back
    // near a minute.
    await admin.pexpire(`${keyPrefix}window`, 30_000);
    await store.hit('window', 60_000);
    const secondTtl = await admin.pttl(`${keyPrefix}window`);
    expect(secondTtl).toBeLessThanOrEqual(30_000);
    expect(secondTtl).toBeGreaterThan(0);
    expect(await admin.get(`${keyPrefix}window`)).toBe('2');
  });

  it('repairs a counter that has lost its expiry instead of counting forever', async () => {
    const store = apiInstance();
    await admin.set(`${keyPrefix}no-expiry`, '7');
    const hit = await store.hit('no-expiry', 60_000);
    expect(hit.count).toBe(8);
    expect(await admin.pttl(`${keyPrefix}no-expiry`)).toBeGreaterThan(59_000);
  });

  it('keeps counters of different key prefixes apart', async () => {
    const otherPrefix = `${keyPrefix}other:`;
    const [a, b] = [apiInstance(), apiInstance(otherPrefix)];
    await a.hit('same', 60_000);
    expect((await b.hit('same', 60_000)).count).toBe(1);
  });
});

describe('Redis counter store without Redis', () => {
  it('rejects quickly instead of hanging when Redis cannot be reached', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));

    const errors: Error[] = [];
    const store = new RedisCounterStore({
      url: `redis://127.0.0.1:${port}`,
      connectTimeoutMs: 500,
      onError: (error) => errors.push(error),
    });
    try {
      const started = Date.now();
      await expect(store.hit('k', 60_000)).rejects.toThrow();
      // While ioredis reconnects in the background, later calls fail at once too.
      await expect(store.hit('k', 60_000)).rejects.toThrow();
      await expect(store.reset('k')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });

  it('rejects a hit when the server accepts the connection but never answers', async () => {
    // A server that accepts the connection and never replies (a hung Redis).
    const sockets = new Set<Socket>();
    const server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const store = new RedisCounterStore({
      url: `redis://127.0.0.1:${port}`,
      connectTimeoutMs: 300,
      commandTimeoutMs: 300,
    });
    try {
      const started = Date.now();
      await expect(store.hit('k', 60_000)).rejects.toThrow('not ready');
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await store.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
  it('rejects a hit when a connected Redis stops answering commands', async () => {
    // Gets through the connection handshake and the ready check, then answers nothing: a Redis
    // that hangs mid-flight.
    const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
    const replies: Record<string, string> = {
      hello: "-ERR unknown command 'HELLO'\r\n",
      client: '+OK\r\n',
      info: `$${info.length}\r\n${info}\r\n`,
    };
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('data', (data) => {
        // Each command is an array of bulk strings: "*N\r\n$len\r\nname\r\n…".
        for (const m of data.toString().matchAll(/\*\d+\r\n\$\d+\r\n([^\r]+)\r\n/g)) {
          const reply = replies[m[1]!.toLowerCase()];
          if (reply) socket.write(reply);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const store = new RedisCounterStore({
      url: `redis://127.0.0.1:${port}`,
      connectTimeoutMs: 2_000,
      commandTimeoutMs: 300,
    });
    try {
      const started = Date.now();
      await expect(store.hit('k', 60_000)).rejects.toThrow(/timed out/i);
      expect(store.redis.status).toBe('ready');
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await store.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
