import { describe, expect, it } from 'vitest';
import type { CounterStore, CounterWindow } from '../../server/rate-limit/counter-store';
import { RateLimiter } from '../../server/rate-limit/rate-limiter';

/** A single-process store with a clock the test moves. */
class MemoryCounterStore implements CounterStore {
  now = Date.now();
  readonly windows = new Map<string, CounterWindow>();

  async hit(key: string, windowMs: number): Promise<CounterWindow> {
    const current = this.windows.get(key);
    const next =
      current && current.resetAt.getTime() > this.now
        ? { count: current.count + 1, resetAt: current.resetAt }
        : { count: 1, resetAt: new Date(this.now + windowMs) };
    this.windows.set(key, next);
    return next;
  }

  async peek(key: string): Promise<CounterWindow | null> {
    return this.windows.get(key) ?? null;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {}
}

describe('RateLimiter', () => {
  it('allows `limit` checks per window, then refuses until the window ends', async () => {
    const store = new MemoryCounterStore();
    const limiter = new RateLimiter(store, {
      'check-firebase-user-by-mail': { limit: 3, windowMs: 90_000 },
    });
    for (let i = 0; i < 3; i += 1) {
      expect(await limiter.check('check-firebase-user-by-mail', 'a@example.com')).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
      });
    }
    const refused = await limiter.check('check-firebase-user-by-mail', 'a@example.com');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(89);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(90);
  });

  it('keys counters by rule and by the trimmed, lower-cased subject', async () => {
    const store = new MemoryCounterStore();
    const limiter = new RateLimiter(store, {
      'by-mail': { limit: 1, windowMs: 60_000 },
      'by-address': { limit: 1, windowMs: 60_000 },
    });
    expect((await limiter.check('by-mail', ' User@Example.COM ')).allowed).toBe(true);
    expect((await limiter.check('by-mail', 'user@example.com')).allowed).toBe(false);
    expect((await limiter.check('by-address', 'user@example.com')).allowed).toBe(true);
    expect([...store.windows.keys()]).toEqual([
      'by-mail:user@example.com',
      'by-address:user@example.com',
    ]);
  });

  it('hashes very long subjects so that keys stay short', async () => {
    const store = new MemoryCounterStore();
    const limiter = new RateLimiter(store, { 'by-mail': { limit: 1, windowMs: 60_000 } });
    const long = `${'x'.repeat(5_000)}@example.com`;
    await limiter.check('by-mail', long);
    expect((await limiter.check('by-mail', long.toUpperCase())).allowed).toBe(false);
    const [storedKey] = store.windows.keys();
    expect(storedKey).toMatch(/^by-mail:sha256:[0-9a-f]{64}$/);
  });

  it('reports at least one second to wait, even in the last milliseconds of a window', async () => {
    const store = new MemoryCounterStore();
    const limiter = new RateLimiter(store, { r: { limit: 0, windowMs: 1 } });
    expect(await limiter.check('r', 's')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('starts again after a reset', async () => {
    const store = new MemoryCounterStore();
    const limiter = new RateLimiter(store, { r: { limit: 1, windowMs: 60_000 } });
    await limiter.check('r', 's');
    expect((await limiter.check('r', 's')).allowed).toBe(false);
    await limiter.reset('r', 's');
    expect((await limiter.check('r', 's')).allowed).toBe(true);
  });

  it('rejects unknown rules and invalid limits', async () => {
    const store = new MemoryCounterStore();
    const limiter = new RateLimiter<string>(store, { r: { limit: 1, windowMs: 1_000 } });
    await expect(limiter.check('toString', 's')).rejects.toThrow('unknown rate limit rule');
    expect(() => new RateLimiter(store, { r: { limit: -1, windowMs: 1_000 } })).toThrow(RangeError);
    expect(() => new RateLimiter(store, { r: { limit: 1, windowMs: 0 } })).toThrow(RangeError);
  });
});
