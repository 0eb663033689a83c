// `npm run db:migrate`: applies the migrations in db/migrations to the configured database.
import { databaseOptionsOf, openDatabase } from '../db/client';
import { loadConfig } from '../server/config';

const config = loadConfig();
const database = openDatabase(databaseOptionsOf(config));
try {
  await database.migrate();
  console.log(`migrations applied (${database.kind})`);
} catch (err) {
  console.error('migration failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
