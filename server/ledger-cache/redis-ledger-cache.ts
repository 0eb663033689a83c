import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  type LedgerAnswerCache,
  type LedgerCacheBounds,
  type LedgerCacheCounts,
  MAX_ENTRY_SHARE,
} from './ledger-cache';

export interface RedisLedgerCacheOptions {
  /** redis://[user:pass@]host:6379[/db] or rediss://… (config.REDIS_URL). */
  url: string;
  bounds: LedgerCacheBounds;
  keyPrefix?: string;
  /** How long an entry lives: entries of older ledger versions are never read again. */
  ttlMs?: number;
  /** A command that gets no answer in this time is a miss (the search reads the database). */
  commandTimeoutMs?: number;
  /** After a failed command, Redis is left alone this long, so a hung server costs one timeout. */
  pauseAfterErrorMs?: number;
  onError?: (error: unknown) => void;
}

export const LEDGER_CACHE_KEY_PREFIX = 'portal:ledger:';

/**
 * The shared cache (REDIS_URL): every instance finds the answers any instance stored. Redis being
 * away, slow or refusing is a miss, never a failed search; Redis bounds its own memory (TTL, and
 * the operator's maxmemory policy), this side bounds the size of one entry.
 */
export class RedisLedgerCache implements LedgerAnswerCache {
  readonly kind = 'redis' as const;
  readonly redis: Redis;
  private readonly keyPrefix: string;
  private readonly ttlMs: number;
  private readonly maxEntryBytes: number;
  private readonly pauseAfterErrorMs: number;
  private readonly onError: (error: unknown) => void;
  private pausedUntil = 0;
  readonly counts: LedgerCacheCounts = { hits: 0, misses: 0, errors: 0 };

  constructor(options: RedisLedgerCacheOptions) {
    this.keyPrefix = options.keyPrefix ?? LEDGER_CACHE_KEY_PREFIX;
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.maxEntryBytes = options.bounds.maxBytes / MAX_ENTRY_SHARE;
    this.pauseAfterErrorMs = options.pauseAfterErrorMs ?? 2_000;
    this.onError = options.onError ?? (() => {});
    this.redis = new Redis(options.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      // Without Redis a command fails at once instead of waiting for a reconnect.
      enableOfflineQueue: false,
      connectTimeout: 2_000,
      commandTimeout: options.commandTimeoutMs ?? 500,
    });
    this.redis.on('error', this.onError);
    // Connected from the start, so the first searches find it ready; until then they are misses.
    this.redis.connect().catch(this.onError);
  }

  /** The Redis key of a cache key: hashed, as a key holds a searcher's keywords. */
  redisKey(key: string): string {
    return this.keyPrefix + createHash('sha256').update(key).digest('base64url');
  }

  async get(key: string): Promise<Buffer | undefined> {
    if (!this.usable()) {
      this.counts.misses++;
      return undefined;
    }
    try {
      const value = (await this.redis.getBuffer(this.redisKey(key))) ?? undefined;
      if (value === undefined) this.counts.misses++;
      else this.counts.hits++;
      return value;
    } catch (error) {
      this.counts.misses++;
      this.failed(error);
      return undefined;
    }
  }

  async set(key: string, value: Buffer): Promise<void> {
    if (value.length > this.maxEntryBytes || !this.usable()) return;
    try {
      await this.redis.set(this.redisKey(key), value, 'PX', this.ttlMs);
    } catch (error) {
      this.failed(error);
    }
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') {
      await this.redis.quit().catch(() => this.redis.disconnect());
    } else {
      this.redis.disconnect();
    }
  }

  /** Connected (ioredis reconnects by itself) and not resting after an error. */
  private usable(): boolean {
    return this.redis.status === 'ready' && Date.now() >= this.pausedUntil;
  }

  private failed(error: unknown): void {
    this.counts.errors++;
    this.pausedUntil = Date.now() + this.pauseAfterErrorMs;
    this.onError(error);
  }
}
