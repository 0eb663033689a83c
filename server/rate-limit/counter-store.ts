/** The state of one counter after a hit, or as peek() sees it. */
export interface CounterWindow {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window ends and the count starts again at 1. */
  resetAt: Date;
}

/**
 * Fixed-window counters shared by every API instance (docs/product.md §10, §2): rate limits of the
 * pre-login calls and the sign-in lockout. Every operation is atomic across instances; a store
 * that cannot be reached rejects, and the caller decides whether to fail open or closed.
 */
export interface CounterStore {
  /**
   * Counts one hit on key and returns the count within the current window. The first hit after
   * a window has expired starts a new window of windowMs at count 1.
   */
  hit(key: string, windowMs: number): Promise<CounterWindow>;
  /** The current window without counting a hit; null when there is none (or it has expired). */
  peek(key: string): Promise<CounterWindow | null>;
  /** Forgets the key: the next hit starts a new window at 1. */
  reset(key: string): Promise<void>;
  /** Releases connections the store opened itself (not a database it was given). */
  close(): Promise<void>;
  /** Resolves when a store of its own (Redis) answers; absent for the database's store. */
  ping?(): Promise<void>;
}

/** The counters' own service (Redis) did not answer: the request gets a 503, not a 500. */
export class CounterStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`the counter store (Redis) did not answer: ${reason}`, { cause });
    this.name = 'CounterStoreUnavailableError';
  }
}

export function assertValidWindow(windowMs: number): void {
  if (!Number.isSafeInteger(windowMs) || windowMs <= 0) {
    throw new RangeError(`windowMs must be a positive integer, got ${windowMs}`);
  }
}
