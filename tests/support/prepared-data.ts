// A migrated (and, when asked, demo-seeded) database made once per test run and copied for each
// test app: opening a new PGlite database, applying the migrations and seeding the demo take some
// ten seconds, copying the files of one made before a fraction of one. On PostgreSQL the copy is
// `CREATE DATABASE … TEMPLATE`.
//
// The templates live in the run's folder (tests/support/prepared-data-setup.ts provides it). Each
// is made by the first worker that needs it, under a lock that the others wait on, so running one
// file makes only the templates that file uses.
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { inject } from 'vitest';
import { appSecrets } from '../../db/schema';
import { type Config, loadConfig } from '../../server/config';
import { LEAST_PASSWORD_HASH_COST } from '../../server/identity/password-hash';
import { openPlatform, seedDemoIfEmpty } from '../../server/platform';
import { databaseNameOf, quoted, withAdmin, withDatabaseName } from './admin-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder of prepared data (tests/support/prepared-data-setup.ts). */
    preparedDataRoot: string;
    /** A name for this run's template databases on PostgreSQL. */
    preparedDataRun: string;
  }
}

/** What a test app's data starts as: the migrated schema, with the demo data when seeded. */
export interface DataShape {
  identityProvider: 'builtin' | 'firebase';
  /** Demo ledger lines per customer, or null for the migrated schema only. */
  ledgerLinesPerCustomer: number | null;
}

/** The demo data's clock: every seeded test app has the same data. */
export const SEED_NOW = new Date('2026-11-01T00:00:00Z');

/**
 * Settings of every test app, prepared data and command that make less work of what the tests do
 * hundreds of times, and change nothing they check:
 * - the least password hashing work the configuration accepts: the standard cost is 0.1 s of a
 *   core a sign-in. The standard cost itself is tested in tests/unit/password-hash.test.ts and by
 *   the production install, which starts on the defaults;
 * - PGlite's shared buffers at 16 MB, not 128: each opening clears them all, and the tests open a
 *   database for every file (and every command). Their data is a few megabytes.
 */
export const TEST_SETTINGS = {
  PASSWORD_HASH_COST: String(LEAST_PASSWORD_HASH_COST),
  PGLITE_SHARED_BUFFERS_MB: '16',
};

/** The migrated schema is the migrations' alone, the same under either identity provider. */
const shapeName = (shape: DataShape) =>
  shape.ledgerLinesPerCustomer === null
    ? 'schema'
    : `${shape.identityProvider}_${shape.ledgerLinesPerCustomer}`;

/** One process makes a template while the others wait for its `ready` mark. */
const MAKE_TIMEOUT_MS = 300_000;

async function underLock(root: string, name: string, make: () => Promise<void>): Promise<void> {
  const ready = join(root, `${name}.ready`);
  const lock = join(root, `${name}.lock`);
  const deadline = Date.now() + MAKE_TIMEOUT_MS;
  while (!existsSync(ready)) {
    try {
      mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another worker is making it: wait for its mark (the making takes seconds, not minutes).
      if (Date.now() > deadline) throw new Error(`the prepared data ${name} was not made in time`);
      await sleep(100);
      continue;
    }
    try {
      await make();
      mkdirSync(ready);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * Fills a new data folder (and database) with the shape's data, as `openPlatform` and
 * `seedDemoIfEmpty` leave them, less the server's secret: every copy makes a secret of its own.
 */
async function makeData(config: Config, shape: DataShape): Promise<void> {
  const platform = await openPlatform(config, pino({ level: 'silent' }));
  try {
    if (shape.ledgerLinesPerCustomer !== null) {
      await seedDemoIfEmpty(platform, {
        ledgerLinesPerCustomer: shape.ledgerLinesPerCustomer,
        now: SEED_NOW,
      });
    }
    await platform.database.db.delete(appSecrets);
  } finally {
    await platform.close();
  }
}

/** Where a shape's template lives: its folder in the run's, and its database on PostgreSQL. */
interface Template {
  folder: string;
  /** On PostgreSQL: the template database beside the base one. */
  database: string | null;
}

/**
 * Makes the template of `shape` unless this run has it. A seeded shape starts from a copy of the
 * migrated schema's (made first, once): opening a new database and applying the migrations is
 * most of a template's making (some eight seconds of ten), and the run has a dozen shapes.
 */
async function ensureTemplate(
  shape: DataShape,
  env: Record<string, string>,
  baseUrl: string | null,
): Promise<Template> {
  const root = inject('preparedDataRoot');
  const name = shapeName(shape);
  const template: Template = {
    folder: join(root, name),
    database: baseUrl
      ? `${databaseNameOf(baseUrl)}_tpl_${inject('preparedDataRun')}_${name}`
      : null,
  };
  const schema =
    shape.ledgerLinesPerCustomer === null
      ? null
      : await ensureTemplate({ ...shape, ledgerLinesPerCustomer: null }, env, baseUrl);

  await underLock(root, name, async () => {
    const making = mkdtempSync(join(tmpdir(), 'portal-prepared-'));
    try {
      if (schema) cpSync(schema.folder, making, { recursive: true });
      if (baseUrl && template.database) {
        await withAdmin(baseUrl, async (admin) => {
          await admin.query(`drop database if exists ${quoted(template.database!)} with (force)`);
          await admin.query(
            `create database ${quoted(template.database!)}${schema?.database ? ` template ${quoted(schema.database)}` : ''}`,
          );
        });
      }
      await makeData(
        loadConfig({
          LOG_LEVEL: 'silent',
          STAFF_SECOND_FACTOR: 'optional',
          ...env,
          // Whichever file makes a shape first, its accounts' hashes are the cheap ones.
          ...TEST_SETTINGS,
          DATA_DIR: making,
          ...(baseUrl && template.database
            ? { DATABASE_URL: withDatabaseName(baseUrl, template.database) }
            : {}),
        }),
        shape,
      );
      rmSync(join(making, 'db.lock'), { recursive: true, force: true });
      renameSync(making, template.folder);
    } catch (error) {
      rmSync(making, { recursive: true, force: true });
      throw error;
    }
  });
  return template;
}

/**
 * Copies the prepared data of `shape` into `dataDir` (an empty folder) and, on PostgreSQL, makes
 * the database of `databaseUrl` anew from its template. Answers false where no template applies
 * (PostgreSQL outside the API tests' per-worker databases): the caller prepares it itself then.
 */
export async function copyPreparedData(
  shape: DataShape,
  dataDir: string,
  env: Record<string, string>,
  databaseUrl: string | undefined,
): Promise<boolean> {
  const root = inject('preparedDataRoot');
  const baseUrl = process.env.TEST_BASE_DATABASE_URL;
  if (!root || (databaseUrl && !baseUrl)) return false;
  const { folder, database } = await ensureTemplate(
    shape,
    env,
    databaseUrl && baseUrl ? baseUrl : null,
  );

  cpSync(folder, dataDir, { recursive: true });
  if (databaseUrl && baseUrl && database) {
    const target = databaseNameOf(databaseUrl);
    await withAdmin(baseUrl, async (admin) => {
      await admin.query(`drop database if exists ${quoted(target)} with (force)`);
      await admin.query(`create database ${quoted(target)} template ${quoted(database)}`);
    });
  }
  return true;
}
