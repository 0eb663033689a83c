import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { type Config, loadConfig } from '../../../server/config';
import { openPlatform, type Platform, seedDemoIfEmpty } from '../../../server/platform';
import { copyPreparedData, SEED_NOW, TEST_SETTINGS } from '../../support/prepared-data';
import { resetPostgres } from './test-app';

// The command-line scripts as an operator runs them: a process of their own, without a terminal,
// on the database of a DATA_DIR (or DATABASE_URL when the tests run on PostgreSQL).

const run = promisify(execFile);

export interface ScriptResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The configuration the scripts read from the environment below, as the tests open it. */
function scriptConfig(dataDir: string): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    ...TEST_SETTINGS,
    DATA_DIR: dataDir,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
}

/** Runs scripts/<script> with its arguments; its exit status is answered, never thrown. */
export async function runScript(
  script: string,
  args: readonly string[],
  dataDir: string,
): Promise<ScriptResult> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}`, ...args],
      { env: { ...process.env, ...TEST_SETTINGS, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as ScriptResult;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The platform on a script's data, open for one use and closed after it. */
export async function withPlatform<T>(
  dataDir: string,
  use: (platform: Platform) => Promise<T>,
): Promise<T> {
  const platform = await openPlatform(scriptConfig(dataDir), pino({ level: 'silent' }));
  try {
    return await use(platform);
  } finally {
    await platform.close();
  }
}

/**
 * A new DATA_DIR (and, on PostgreSQL, the worker's database) holding the demo's master data,
 * accounts and documents without ledger lines, for a script to work on: a copy of the run's
 * prepared data, or seeded here where none applies.
 */
export async function demoScriptData(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const databaseUrl = process.env.DATABASE_URL;
  const shape = { identityProvider: 'builtin', ledgerLinesPerCustomer: 0 } as const;
  if (await copyPreparedData(shape, dataDir, {}, databaseUrl)) return dataDir;
  if (databaseUrl) await resetPostgres(databaseUrl);
  await withPlatform(dataDir, (platform) =>
    seedDemoIfEmpty(platform, { ledgerLinesPerCustomer: 0, now: SEED_NOW }),
  );
  return dataDir;
}
