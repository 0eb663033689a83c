import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { quoted, withAdmin } from './admin-database';

/**
 * Global setup of the projects whose tests open the server (vitest.config.ts): the run's folder of
 * prepared data (tests/support/prepared-data.ts), removed at the end with the run's template
 * databases on PostgreSQL.
 */
export default function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), 'portal-prepared-data-'));
  const run = `r${process.pid}`;
  project.provide('preparedDataRoot', root);
  project.provide('preparedDataRun', run);
  return async () => {
    rmSync(root, { recursive: true, force: true });
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
