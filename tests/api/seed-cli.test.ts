import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../../db/schema';
import { runScript, withPlatform } from './helpers/cli';
import { resetPostgres } from './helpers/test-app';

// `npm run seed -- --reset` as an operator runs it: a separate process, without a terminal.

let dataDir: string;
const databaseUrl = process.env.DATABASE_URL;

const seed = (...args: string[]) => runScript('seed.ts', args, dataDir);
const withDatabase = <T>(use: Parameters<typeof withPlatform<T>>[1]) => withPlatform(dataDir, use);

const MARK = '運用者が登録したお知らせ';
const marked = () =>
  withDatabase(async (p) => p.database.db.select().from(notices).where(eq(notices.title, MARK)));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-seed-cli-'));
  if (databaseUrl) await resetPostgres(databaseUrl);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run seed', { timeout: 180_000 }, () => {
  it('seeds an empty database; --reset on one holding data wants confirming, --yes confirms', async () => {
    const first = await seed();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Demo data created');
    await withDatabase((p) =>
      p.database.db.insert(notices).values({ title: MARK, url: 'https://example.com/ops' }),
    );

    // No terminal to ask at (a script, CI, a container): refused, nothing emptied.
    const refused = await seed('--reset');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Not reset:');
    expect(refused.stderr).toContain('--yes');
    expect(await marked()).toHaveLength(1);

    const confirmed = await seed('--reset', '--yes');
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(confirmed.stdout).toContain('Emptied every table');
    expect(await marked()).toHaveLength(0);
  });
});
