import { vi } from 'vitest';

/**
 * Runs `use` with the process's clock (Date, hence the server's in-process checks of expiry and of
 * how long ago something was looked up) moved `ms` ahead, and still running: a test sees what
 * happens once a token has expired or a check's interval has passed without waiting for it.
 * Timers stay real.
 */
export async function withClockAhead<T>(ms: number, use: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms, shouldAdvanceTime: true });
  try {
    return await use();
  } finally {
    vi.useRealTimers();
  }
}
