import { Redis } from 'ioredis';
import {
  assertValidWindow,
  type CounterStore,
  CounterStoreUnavailableError,
  type CounterWindow,
} from './counter-store';

export interface RedisCounterStoreOptions {
  /** redis://[user:pass@]host:6379[/db] or rediss://… */
  url: string;
  /** Prepended to every key, so that several products can share one Redis. */
  keyPrefix?: string;
  connectTimeoutMs?: number;
  /** A command that gets no answer in this time rejects. */
  commandTimeoutMs?: number;
  /** Told about connection errors (ioredis reconnects by itself); commands reject meanwhile. */
  onError?: (error: Error) => void;
}

// INCR, and set the expiry only when the key is new (PEXPIRE NX semantics), so that hits never
// stretch the window. A key that somehow has no expiry gets one rather than counting forever.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

interface HitCommand {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
}

/** The scale-out counter store (REDIS_URL): one Redis shared by every API instance. */
export class RedisCounterStore implements CounterStore {
  readonly redis: Redis;
  private readonly keyPrefix: string;
  private readonly connectTimeoutMs: number;
  private connecting: Promise<void> | undefined;

  constructor(options: RedisCounterStoreOptions) {
    this.keyPrefix = options.keyPrefix ?? 'portal:counter:';
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    this.redis = new Redis(options.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      // Without Redis a command fails at once instead of waiting in a queue for a reconnect.
      enableOfflineQueue: false,
      connectTimeout: this.connectTimeoutMs,
      commandTimeout: options.commandTimeoutMs ?? 2_000,
    });
    const onError = options.onError ?? (() => {});
    // Without a listener ioredis prints every connection error to the console.
    this.redis.on('error', onError);
    this.redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, windowMs: number): Promise<CounterWindow> {
    assertValidWindow(windowMs);
    return this.answering(() => this.hitNow(key, windowMs));
  }

  peek(key: string): Promise<CounterWindow | null> {
    return this.answering(() => this.peekNow(key));
  }

  reset(key: string): Promise<void> {
    return this.answering(async () => {
      await this.connected();
      await this.redis.del(this.keyPrefix + key);
    });
  }

  ping(): Promise<void> {
    return this.answering(async () => {
      await this.connected();
      await this.redis.ping();
    });
  }

  /** Any failure of Redis (refused, closed, timed out) is the service being away. */
  private async answering<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new CounterStoreUnavailableError(error);
    }
  }

  private async hitNow(key: string, windowMs: number): Promise<CounterWindow> {
    await this.connected();
    // The TTL is measured when Redis runs the command: anchored at the send time, as the
    // database store does (an answer waiting behind a busy event loop would push the end later).
    const askedAt = Date.now();
    const [count, ttl] = await (this.redis as unknown as HitCommand).rateLimitHit(
      this.keyPrefix + key,
      windowMs,
    );
    return { count: Number(count), resetAt: new Date(askedAt + Number(ttl)) };
  }

  private async peekNow(key: string): Promise<CounterWindow | null> {
    await this.connected();
    const askedAt = Date.now();
    const results = await this.redis
      .multi()
      .get(this.keyPrefix + key)
      .pttl(this.keyPrefix + key)
      .exec();
    const [countResult, ttlResult] = results ?? [];
    const error = countResult?.[0] ?? ttlResult?.[0];
    if (error) throw error;
    const count = countResult?.[1];
    const ttl = Number(ttlResult?.[1]);
    if (count === null || count === undefined || ttl === -2) return null;
    return { count: Number(count), resetAt: new Date(askedAt + Math.max(0, ttl)) };
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') {
      await this.redis.quit().catch(() => this.redis.disconnect());
    } else {
      this.redis.disconnect();
    }
  }

  /**
   * lazyConnect: the first command opens the connection; later ones use it or fail fast. A
   * server that accepts the connection but never becomes ready fails the wait after the
   * connect timeout, rather than holding the request.
   */
  private async connected(): Promise<void> {
    if (this.redis.status === 'wait') {
      this.connecting ??= this.redis.connect().finally(() => {
        this.connecting = undefined;
      });
    }
    const connecting = this.connecting;
    if (!connecting) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      connecting,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Redis was not ready within ${this.connectTimeoutMs} ms`)),
          this.connectTimeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
  }
}

export function createRedisCounterStore(options: RedisCounterStoreOptions): RedisCounterStore {
  return new RedisCounterStore(options);
}
