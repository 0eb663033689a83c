import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../db/client';
import { createFreshDatabase } from './helpers/fresh-database';

// "Run any number of instances (migrations run at start)" (README): instances started together on
// an empty PostgreSQL database all come up; one migrates, the others wait and find it done.

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('migrations of instances started together', () => {
  it('three at once on an empty database: all succeed, each migration applied once', async () => {
    const fresh = await createFreshDatabase(databaseUrl!, 'portal_migrate');
    const handles = [1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.url, dataDir: '' }));
    try {
      const results = await Promise.allSettled(handles.map((h) => h.migrate()));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : r.status))).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      const [applied] = await queryRows<{ n: number; distinct_n: number }>(handles[0]!.db, {
        sql: 'select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations',
        params: [],
      });
      const { n, distinct_n } = applied!;
      expect(n).toBeGreaterThan(0);
      expect(n).toBe(distinct_n);
    } finally {
      for (const handle of handles) await handle.close();
      await fresh.drop();
    }
  }, 120_000);
});
