// The cache of search answers (docs/decisions/018): an answer's JSON bytes under a key that starts
// with the ledger's version, so that an entry is never found again once an import has changed
// the ledger. In memory (a bounded LRU) by default, in Redis when REDIS_URL is set, so that the
// instances share their answers. A cache never fails a search: an error is a miss, and a write
// that fails is dropped.

export interface LedgerAnswerCache {
  readonly kind: 'memory' | 'redis';
  /** The bytes stored under the key, or undefined (absent, or the cache did not answer). */
  get(key: string): Promise<Buffer | undefined>;
  /** Stores the bytes; never throws and need not be awaited. */
  set(key: string, value: Buffer): Promise<void>;
  close(): Promise<void>;
  /** Answers found, not found (or not asked: Redis away), and Redis failures, since the start. */
  readonly counts: LedgerCacheCounts;
}

export interface LedgerCacheCounts {
  hits: number;
  misses: number;
  errors: number;
}

export interface LedgerCacheBounds {
  /** Bytes held at most, over all entries (memory) — and the largest entry, a quarter of it. */
  maxBytes: number;
  /** Entries held at most (memory). */
  maxEntries: number;
}

/** An entry larger than this share of the cache is not stored (a 20,000-line array is 16 MB). */
export const MAX_ENTRY_SHARE = 4;
