import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { loadConfig } from '../../server/config';
import { openPlatform } from '../../server/platform';

// MIGRATE_ON_START=false: the migrations are a job's (the Helm chart's pre-upgrade hook, decision
// 028), and a server started before it ran says so instead of failing later on a missing table.

const dataDir = mkdtempSync(join(tmpdir(), 'portal-migrate-on-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const log = pino({ level: 'silent' });
const configOf = (migrateOnStart: 'true' | 'false') =>
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', MIGRATE_ON_START: migrateOnStart });

describe('MIGRATE_ON_START=false', { timeout: 120_000 }, () => {
  it('refuses to start on a database the migration job has not migrated, saying what to run', async () => {
    await expect(openPlatform(configOf('false'), log)).rejects.toThrow(
      /lacks \d+ migration\(s\) of this version .* run the migration job \(node dist\/server\/migrate\.js\)/,
    );
  });

  it('starts without migrating once the migrations ran', async () => {
    const database = openDatabase({ dataDir });
    await database.migrate();
    await database.close();
    const platform = await openPlatform(configOf('false'), log);
    await platform.close();
  });
});
