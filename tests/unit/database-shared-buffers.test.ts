import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '../../db/client';
import { loadConfig } from '../../server/config';

// The embedded database's shared buffers are the configuration's (PGLITE_SHARED_BUFFERS_MB):
// PostgreSQL's default when unset, the size given otherwise, with PGlite's own start parameters
// (the schema searched, an error not ending the process) kept beside it.

/** A first open makes the database (initdb): seconds, more on a busy machine. */
const FIRST_ANSWER_MS = 45_000;

let dataDir: string;
let database: DatabaseHandle | undefined;

const setting = async (name: string) => {
  const [row] = await queryRows<{ value: string }>(database!.db, {
    sql: 'select current_setting($1) as value',
    params: [name],
  });
  return row?.value;
};

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-shared-buffers-'));
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database’s shared buffers', () => {
  it(
    'are PostgreSQL’s 128 MB unless set, and the size set otherwise, on the same data',
    async () => {
      database = openDatabase({ dataDir });
      await database.ping(FIRST_ANSWER_MS);
      expect(await setting('shared_buffers')).toBe('128MB');
      await queryRows(database.db, { sql: 'create table kept (n int)', params: [] });
      await queryRows(database.db, { sql: 'insert into kept values (7)', params: [] });
      await database.close();

      database = openDatabase({ dataDir, pgliteSharedBuffersMb: 16 });
      expect(await setting('shared_buffers')).toBe('16MB');
      // PGlite's own parameters still apply: the tables are found without a schema's name, and a
      // failed statement leaves the database answering.
      expect(await setting('search_path')).toBe('public');
      await expect(
        queryRows(database.db, { sql: 'select * from missing_table', params: [] }),
      ).rejects.toThrow(/missing_table/);
      const rows = await queryRows<{ n: number }>(database.db, {
        sql: 'select n from kept',
        params: [],
      });
      expect(rows).toEqual([{ n: 7 }]);
    },
    FIRST_ANSWER_MS + 15_000,
  );

  it('the setting is a whole number of megabytes from 1 to 1024, 128 by default', () => {
    expect(loadConfig({}).PGLITE_SHARED_BUFFERS_MB).toBe(128);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '16' }).PGLITE_SHARED_BUFFERS_MB).toBe(16);
    for (const refused of ['0', '1025', '1.5', 'lots']) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: refused }), refused).toThrow(
        /PGLITE_SHARED_BUFFERS_MB/,
      );
    }
  });
});
