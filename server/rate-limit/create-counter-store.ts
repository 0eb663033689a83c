import type { Database } from '../../db/client';
import type { CounterStore } from './counter-store';
import { DatabaseCounterStore } from './database-counter-store';
import { RedisCounterStore } from './redis-counter-store';

export interface CounterStoreOptions {
  /** config.REDIS_URL: Redis when set, otherwise the database (docs/product.md §10). */
  redisUrl?: string | undefined;
  db: Database;
  /** Connection errors of the Redis driver (it reconnects by itself), e.g. `(e) => log.warn(e)`. */
  onError?: (error: unknown) => void;
}

export function createCounterStore(options: CounterStoreOptions): CounterStore {
  if (options.redisUrl) {
    return new RedisCounterStore({
      url: options.redisUrl,
      ...(options.onError ? { onError: options.onError } : {}),
    });
  }
  return new DatabaseCounterStore(
    options.db,
    options.onError ? { onPruneError: options.onError } : {},
  );
}
