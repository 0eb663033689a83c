import type { LedgerAnswerCache, LedgerCacheBounds, LedgerCacheCounts } from './ledger-cache';
import { MAX_ENTRY_SHARE } from './ledger-cache';

/**
 * The in-process cache: least recently used first out, bounded by entries and by bytes (the
 * answers' bytes; the keys are short). Entries of an older ledger version are never asked for
 * again and leave as newer ones come in.
 */
export class MemoryLedgerCache implements LedgerAnswerCache {
  readonly kind = 'memory' as const;
  /** Map order is use order: the first key is the least recently used. */
  private readonly entries = new Map<string, Buffer>();
  private heldBytes = 0;
  readonly counts: LedgerCacheCounts = { hits: 0, misses: 0, errors: 0 };

  constructor(private readonly bounds: LedgerCacheBounds) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.heldBytes;
  }

  async get(key: string): Promise<Buffer | undefined> {
    const value = this.entries.get(key);
    if (value === undefined) {
      this.counts.misses++;
      return undefined;
    }
    this.counts.hits++;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  async set(key: string, value: Buffer): Promise<void> {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.heldBytes -= old.length;
    }
    if (value.length > this.bounds.maxBytes / MAX_ENTRY_SHARE) return;
    this.entries.set(key, value);
    this.heldBytes += value.length;
    while (this.entries.size > this.bounds.maxEntries || this.heldBytes > this.bounds.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.heldBytes -= oldest.length;
    }
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.heldBytes = 0;
  }
}
