import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { bearer, signIn } from './helpers/auth';
import { createFreshDatabase } from './helpers/fresh-database';
import { tableDigests } from './helpers/table-digests';
import { createTestApp } from './helpers/test-app';

// Backup and restore as the README documents them: a copy of the PGlite data directory
// taken while the server is stopped, and `pg_dump -Fc` / `pg_restore` on PostgreSQL. Each restores
// into a fresh database and must find the same rows, table by table.

const databaseUrl = process.env.DATABASE_URL;
const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The demo data plus one write of each kind, so that the backup holds more than the seed. */
async function populatedApp() {
  const t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 20 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
  const token = (await signIn(t.app, 'staff@example.com')).token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/notice/add-notice',
    payload: { title: 'バックアップ前のお知らせ', url: 'https://example.com/backup' },
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return t;
}

describe.skipIf(databaseUrl)('backup and restore on PGlite (the data directory)', () => {
  it('a copy of DATA_DIR/db taken while stopped opens with the same rows', async () => {
    const t = await populatedApp();
    const before = await tableDigests(t.database.db);
    await t.app.close(); // the server stopped: PGlite closed, its files complete
    cleanups.push(() => rmSync(t.dataDir, { recursive: true, force: true }));

    const restoredDir = mkdtempSync(join(tmpdir(), 'portal-restore-'));
    cleanups.push(() => rmSync(restoredDir, { recursive: true, force: true }));
    cpSync(join(t.dataDir, 'db'), join(restoredDir, 'db'), { recursive: true });

    const restored = openDatabase({ dataDir: restoredDir });
    try {
      expect(await tableDigests(restored.db)).toEqual(before);
      expect(before.notices).toMatch(/^[1-9]\d*:/);
    } finally {
      await restored.close();
    }
  }, 120_000);
});

describe.runIf(databaseUrl)('backup and restore on PostgreSQL (pg_dump -Fc / pg_restore)', () => {
  it('a dump restored into a fresh database holds the same rows', async () => {
    const t = await populatedApp();
    cleanups.push(() => t.close());
    const before = await tableDigests(t.database.db);

    const dir = mkdtempSync(join(tmpdir(), 'portal-dump-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dumpFile = join(dir, 'portal.dump');
    const dump = spawnSync('pg_dump', ['-Fc', '--no-owner', '-f', dumpFile, databaseUrl!], {
      encoding: 'utf8',
    });
    expect(dump.status, dump.stderr).toBe(0);

    const restored = await createFreshDatabase(databaseUrl!, 'portal_restore');
    cleanups.push(() => restored.drop());

    const restore = spawnSync(
      'pg_restore',
      ['--no-owner', '--exit-on-error', '-d', restored.url, dumpFile],
      { encoding: 'utf8' },
    );
    expect(restore.status, restore.stderr).toBe(0);

    // One client, ended before the cleanup drops the database: Client.end() resolves once its socket
    // has closed, so DROP DATABASE … WITH (FORCE) finds no backend of ours to terminate. (A pool's
    // end() resolves earlier, and the pool's idle-error listener then threw the server's
    // "terminating connection" as an uncaught error in CI, twice.)
    const client = new pg.Client({ connectionString: restored.url });
    client.on('error', () => {});
    await client.connect();
    try {
      const after = await tableDigests(drizzle({ client }));
      expect(after).toEqual(before);
      expect(before.notices).toMatch(/^[1-9]\d*:/);
    } finally {
      await client.end();
    }
  }, 120_000);
});
