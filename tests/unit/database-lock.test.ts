import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATA_DIR_LOCK_STALE_MS,
  DataDirInUseError,
  openDatabase,
  queryRows,
} from '../../db/client';

// The embedded database takes one process at a time (a second writer corrupts its files): a second
// open of the same DATA_DIR is refused while the first holds it, and a lock left by a process that
// died is taken over once stale.

/**
 * A first open makes the database (initdb), some seconds, more on a busy machine: the lock is under
 * test here, not how fast the database answers.
 */
const FIRST_ANSWER_MS = 45_000;

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database lock (DATA_DIR/db.lock)', () => {
  it('refuses a second open while the first holds the data directory, and frees it on close', async () => {
    const dataDir = tempDir();
    const first = openDatabase({ dataDir });
    await first.ping(FIRST_ANSWER_MS);
    expect(() => openDatabase({ dataDir })).toThrow(DataDirInUseError);
    expect(() => openDatabase({ dataDir })).toThrow(
      new RegExp(`open in another process \\(pid ${process.pid}\\): stop the server`),
    );
    await first.close();

    const again = openDatabase({ dataDir });
    try {
      await again.ping(FIRST_ANSWER_MS);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('takes over a lock its holder left without closing, once stale', async () => {
    const dataDir = tempDir();
    const lock = join(dataDir, 'db.lock');
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), '999999');
    expect(() => openDatabase({ dataDir })).toThrow(/pid 999999/);

    const past = new Date(Date.now() - DATA_DIR_LOCK_STALE_MS - 1_000);
    utimesSync(lock, past, past);
    const handle = openDatabase({ dataDir });
    try {
      await handle.migrate();
      const rows = await queryRows(handle.db, {
        sql: 'select count(*)::int as n from users',
        params: [],
      });
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
