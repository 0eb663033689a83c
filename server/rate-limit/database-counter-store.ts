import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitCounters as counters } from '../../db/schema';
import { assertValidWindow, type CounterStore, type CounterWindow } from './counter-store';

export interface DatabaseCounterStoreOptions {
  /** Chance that a hit also deletes expired rows (default 1 in 500). */
  pruneProbability?: number;
  /** Told about a failed background prune; the hits themselves reject instead. */
  onPruneError?: (error: unknown) => void;
}

// Milliseconds until the window ends, measured by the database clock and handed back as a span,
// so that resetAt is right on this machine's clock even when the two clocks differ.
const remainingMs = sql<number>`(extract(epoch from (${counters.expires_at} - now())) * 1000)::float8`;

/** The embedded default of the counter port: rows in rate_limit_counters (PGlite or PostgreSQL). */
export class DatabaseCounterStore implements CounterStore {
  private readonly pruneProbability: number;
  private readonly onPruneError: (error: unknown) => void;
  private readonly pendingPrunes = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    options: DatabaseCounterStoreOptions = {},
  ) {
    this.pruneProbability = options.pruneProbability ?? 1 / 500;
    this.onPruneError = options.onPruneError ?? (() => {});
  }

  async hit(key: string, windowMs: number): Promise<CounterWindow> {
    assertValidWindow(windowMs);
    const windowEnd = sql`now() + ${windowMs}::float8 * interval '1 millisecond'`;
    const expired = sql`${counters.expires_at} <= now()`;
    const askedAt = Date.now();
    // One statement, so concurrent hits on one key serialise on its row lock and each sees the
    // count the previous one left: 50 parallel hits get exactly 1..50.
    const rows = await this.db
      .insert(counters)
      .values({ key, count: 1, window_started_at: sql`now()`, expires_at: windowEnd })
      .onConflictDoUpdate({
        target: counters.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${counters.count} + 1 END`,
          window_started_at: sql`CASE WHEN ${expired} THEN now() ELSE ${counters.window_started_at} END`,
          expires_at: sql`CASE WHEN ${expired} THEN ${windowEnd} ELSE ${counters.expires_at} END`,
        },
      })
      .returning({ count: counters.count, remainingMs });
    const row = rows[0];
    if (!row) throw new Error('rate_limit_counters: the upsert returned no row');
    if (Math.random() < this.pruneProbability) this.pruneInBackground();
    return { count: row.count, resetAt: resetAtOf(askedAt, row.remainingMs) };
  }

  async peek(key: string): Promise<CounterWindow | null> {
    const askedAt = Date.now();
    const rows = await this.db
      .select({ count: counters.count, remainingMs })
      .from(counters)
      .where(and(eq(counters.key, key), gt(counters.expires_at, sql`now()`)));
    const row = rows[0];
    return row ? { count: row.count, resetAt: resetAtOf(askedAt, row.remainingMs) } : null;
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(counters).where(eq(counters.key, key));
  }

  /** Deletes the rows whose window has ended; hits do this now and then by themselves. */
  async pruneExpired(): Promise<void> {
    await this.db.delete(counters).where(lte(counters.expires_at, sql`now()`));
  }

  /** Waits for background prunes; the database itself belongs to the caller. */
  async close(): Promise<void> {
    await Promise.all([...this.pendingPrunes]);
  }

  private pruneInBackground(): void {
    const prune = this.pruneExpired()
      .catch((error: unknown) => this.onPruneError(error))
      .finally(() => this.pendingPrunes.delete(prune));
    this.pendingPrunes.add(prune);
  }
}

/**
 * The end of a window on this machine's clock: the database measured the span at its now(), which
 * lies between the moment the statement was sent and its answer; the send time is the closer
 * anchor (the answer may wait behind a busy event loop, which would push the end later).
 */
function resetAtOf(askedAt: number, remainingMs: number | string): Date {
  return new Date(askedAt + Math.max(0, Math.ceil(Number(remainingMs))));
}

export function createDatabaseCounterStore(
  db: Database,
  options?: DatabaseCounterStoreOptions,
): DatabaseCounterStore {
  return new DatabaseCounterStore(db, options);
}
