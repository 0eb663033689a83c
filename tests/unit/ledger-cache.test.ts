import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLedgerCache } from '../../server/ledger-cache/create-ledger-cache';
import { MemoryLedgerCache } from '../../server/ledger-cache/memory-ledger-cache';
import { RedisLedgerCache } from '../../server/ledger-cache/redis-ledger-cache';

// The search-answer cache's drivers (docs/decisions/018): the in-process LRU holds no more than
// its bounds, and the Redis driver turns every failure of Redis into a miss, quickly.

const bytes = (n: number, fill = 'x') => Buffer.alloc(n, fill);

describe('the in-memory cache', () => {
  it('holds at most its entries, dropping the least recently used', async () => {
    const cache = new MemoryLedgerCache({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const key of ['a', 'b', 'c']) await cache.set(key, bytes(10));
    await cache.get('a'); // a is now the most recently used; b the least
    await cache.set('d', bytes(10));
    expect(cache.size).toBe(3);
    expect(await cache.get('b')).toBeUndefined();
    for (const key of ['a', 'c', 'd']) expect(await cache.get(key)).toEqual(bytes(10));
  });

  it('holds at most its bytes, and never an entry larger than a quarter of them', async () => {
    const cache = new MemoryLedgerCache({ maxEntries: 1_000, maxBytes: 1_000 });
    for (let i = 0; i < 10; i++) await cache.set(`k${i}`, bytes(200, String(i)));
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
    expect(cache.size).toBe(5);
    expect(await cache.get('k9')).toEqual(bytes(200, '9'));
    expect(await cache.get('k4')).toBeUndefined();
    await cache.set('big', bytes(251));
    expect(await cache.get('big')).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
  });

  it('replacing an entry counts its bytes once', async () => {
    const cache = new MemoryLedgerCache({ maxEntries: 10, maxBytes: 1_000 });
    await cache.set('a', bytes(100));
    await cache.set('a', bytes(200, 'y'));
    expect(cache.bytes).toBe(200);
    expect(await cache.get('a')).toEqual(bytes(200, 'y'));
  });

  it('LEDGER_CACHE_MB=0 is no cache; otherwise memory without Redis, Redis with it', async () => {
    expect(createLedgerCache({ maxBytes: 0 })).toBeNull();
    expect(createLedgerCache({ maxBytes: 1 << 20 })?.kind).toBe('memory');
    const redis = createLedgerCache({ maxBytes: 1 << 20, redisUrl: 'redis://127.0.0.1:1' });
    expect(redis?.kind).toBe('redis');
    await redis?.close();
  });
});

/**
 * A server that speaks just enough of Redis's protocol to pass the client's greeting and ready
 * check (HELLO refused, CLIENT SETINFO, INFO) and then answers nothing: a Redis that hangs.
 */
async function hangingRedis(): Promise<{ server: Server; port: number; commands: string[] }> {
  const commands: string[] = [];
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('data', (data) => {
      // Each command is an array whose first element is its name: *N CRLF $len CRLF name CRLF …
      for (const [, name] of data.toString('latin1').matchAll(/\*\d+\r\n\$\d+\r\n(\w+)/g)) {
        const command = name!.toLowerCase();
        commands.push(command);
        if (command === 'hello') socket.write("-ERR unknown command 'hello'\r\n");
        else if (command === 'client') socket.write('+OK\r\n');
        else if (command === 'info') {
          const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
          socket.write(`$${info.length}\r\n${info}\r\n`);
        }
      }
    });
  });
  server.on('close', () => {
    for (const socket of sockets) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, commands };
}

describe('the Redis cache when Redis fails', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  it('nobody listening: every call is a miss at once, and nothing throws', async () => {
    const errors: unknown[] = [];
    const cache = new RedisLedgerCache({
      url: 'redis://127.0.0.1:1',
      bounds: { maxBytes: 1 << 20, maxEntries: 10 },
      onError: (e) => errors.push(e),
    });
    closers.push(() => cache.close());
    const started = performance.now();
    await cache.set('k', bytes(10));
    expect(await cache.get('k')).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1_000);
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0));
  });

  it('a Redis that stops answering: a miss after the command timeout, then left alone for a while', async () => {
    const { server, port, commands } = await hangingRedis();
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    const errors: unknown[] = [];
    const cache = new RedisLedgerCache({
      url: `redis://127.0.0.1:${port}`,
      bounds: { maxBytes: 1 << 20, maxEntries: 10 },
      commandTimeoutMs: 100,
      pauseAfterErrorMs: 60_000,
      onError: (e) => errors.push(e),
    });
    closers.push(() => cache.close());
    await vi.waitFor(() => expect(cache.redis.status).toBe('ready'), { timeout: 5_000 });

    expect(await cache.get('k')).toBeUndefined();
    expect(errors.length).toBe(1);
    expect(commands).toContain('get');
    const sent = commands.length;
    // Paused: neither a read nor a write is sent, and both return at once.
    await cache.set('k', bytes(10));
    expect(await cache.get('k')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(commands.length).toBe(sent);
  });

  it('an entry larger than a quarter of the bound is not sent', async () => {
    const { server, port, commands } = await hangingRedis();
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    const cache = new RedisLedgerCache({
      url: `redis://127.0.0.1:${port}`,
      bounds: { maxBytes: 400, maxEntries: 10 },
      commandTimeoutMs: 100,
    });
    closers.push(() => cache.close());
    await vi.waitFor(() => expect(cache.redis.status).toBe('ready'), { timeout: 5_000 });
    const sent = commands.length;
    await cache.set('k', bytes(101));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(commands.length).toBe(sent);
  });
});
