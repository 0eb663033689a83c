import type { LedgerAnswerCache, LedgerCacheBounds } from './ledger-cache';
import { MemoryLedgerCache } from './memory-ledger-cache';
import { RedisLedgerCache } from './redis-ledger-cache';

export interface LedgerCacheOptions {
  /** config.REDIS_URL: Redis when set, so the instances share answers; otherwise this process. */
  redisUrl?: string | undefined;
  /** config.LEDGER_CACHE_MB in bytes; 0 turns the cache off. */
  maxBytes: number;
  /** Errors of Redis (it reconnects by itself); searches read the database meanwhile. */
  onError?: (error: unknown) => void;
}

/** Answers (about 70 KB for a page of 100 lines) held in memory at most. */
export const LEDGER_CACHE_MAX_ENTRIES = 5_000;

/** The search-answer cache the configuration asks for, or null when it is off. */
export function createLedgerCache(options: LedgerCacheOptions): LedgerAnswerCache | null {
  if (options.maxBytes <= 0) return null;
  const bounds: LedgerCacheBounds = {
    maxBytes: options.maxBytes,
    maxEntries: LEDGER_CACHE_MAX_ENTRIES,
  };
  if (options.redisUrl) {
    return new RedisLedgerCache({
      url: options.redisUrl,
      bounds,
      ...(options.onError ? { onError: options.onError } : {}),
    });
  }
  return new MemoryLedgerCache(bounds);
}
