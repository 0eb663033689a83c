import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { quoted, withAdmin } from './admin-database';

/**
 * Global setup of the projects whose tests open the server (vitest.config.ts): the run's folder of
 * prepared data (tests/support/prepared-data.ts), removed at the end with the run's template
 * databases on PostgreSQL.
 *
 * On PGlite, `npm test` gives its steps one folder (TEST_PREPARED_DATA_ROOT, scripts/test.mjs) and
 * removes it itself: the Firebase API and fault tests copy the templates the API tests made
 * instead of making them again (a migrated schema alone is some seven seconds). A template is a
 * folder on PGlite; on PostgreSQL it is also a database, which each run drops at its end, so
 * there every run keeps a folder of its own.
 */
export default function setup(project: TestProject) {
  const shared = process.env.DATABASE_URL ? undefined : process.env.TEST_PREPARED_DATA_ROOT;
  const root = shared ?? mkdtempSync(join(tmpdir(), 'portal-prepared-data-'));
  const run = `r${process.pid}`;
  project.provide('preparedDataRoot', root);
  project.provide('preparedDataRun', run);
  return async () => {
    if (!shared) rmSync(root, { recursive: true, force: true });
    if (process.env.DATABASE_URL) await dropTemplateDatabases(process.env.DATABASE_URL, run);
  };
}

async function dropTemplateDatabases(baseUrl: string, run: string): Promise<void> {
  await withAdmin(baseUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`%\\_tpl\\_${run}\\_%`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${quoted(datname)} with (force)`);
    }
  });
}
