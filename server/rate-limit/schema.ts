import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of the database driver of the rate-limit port (docs/product.md §10): one row
 * per key, restarted in place when its window has expired. Re-exported by db/schema.ts.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // Pruning deletes by expiry.
  (t) => [index('rate_limit_counters_expires_at_idx').on(t.expires_at)],
);
