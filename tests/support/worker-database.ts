// Setup file of the API tests (vitest.config.ts). On PostgreSQL (DATABASE_URL) each worker gets a
// database of its own beside DATABASE_URL's, `<name>_w<worker>`, made on first use, so that the
// test files run side by side as they do on PGlite: every file empties its worker's database
// before it starts (createTestApp, resetPostgres), which one shared database would not allow.
import { databaseNameOf, quoted, withAdmin, withDatabaseName } from './admin-database';

const base = process.env.TEST_BASE_DATABASE_URL ?? process.env.DATABASE_URL;
if (base) {
  process.env.TEST_BASE_DATABASE_URL = base;
  const name = `${databaseNameOf(base) || 'postgres'}_w${process.env.VITEST_POOL_ID ?? '1'}`;
  await withAdmin(base, async (admin) => {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      try {
        await admin.query(`create database ${quoted(name)}`);
      } catch (error) {
        // Made meanwhile by another run on the same server (a second checkout, say): nothing to do.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  });
  process.env.DATABASE_URL = withDatabaseName(base, name);
}
