// `npm run db:migrate`: applies the migrations in db/migrations to the configured database.
import { openDatabase } from '../db/client';
import { loadConfig } from '../server/config';

const config = loadConfig();
const database = openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.dataDir,
  pgliteSharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
});
try {
  await database.migrate();
  console.log(`migrations applied (${database.kind})`);
} catch (err) {
  console.error('migration failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
