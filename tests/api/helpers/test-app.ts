import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import type { DatabaseHandle } from '../../../db/client';
import { buildApp } from '../../../server/app';
import { type Config, loadConfig } from '../../../server/config';
import { openPlatform, type Platform, seedDemoIfEmpty } from '../../../server/platform';
import { clearEmulatorAccounts, EMULATOR_PROJECT_ID } from '../../support/firebase-emulator';
import { firebaseEmulatorHost } from '../../support/firebase-emulator-host';
import { copyPreparedData, SEED_NOW, TEST_SETTINGS } from '../../support/prepared-data';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  platform: Platform;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Empties the PostgreSQL test database (DATABASE_URL) so each test file starts from a fresh schema.
 * On PostgreSQL each worker of the API tests has a database of its own (tests/support/worker-database.ts).
 */
export async function resetPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      'DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS drizzle CASCADE;',
    );
  } finally {
    await client.end();
  }
}

/**
 * TEST_IDENTITY_PROVIDER=firebase (set by the api-firebase project, vitest.config.ts): the test
 * runs under IDENTITY_PROVIDER=firebase against its worker's Firebase Auth Emulator, emptied
 * first (each worker of that project has one of its own).
 */
async function identityProviderEnv(): Promise<Record<string, string>> {
  if (process.env.TEST_IDENTITY_PROVIDER !== 'firebase') return {};
  const host = firebaseEmulatorHost();
  await clearEmulatorAccounts(host);
  return {
    IDENTITY_PROVIDER: 'firebase',
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: host,
  };
}

/**
 * On PostgreSQL every call empties the shared test database, so a test file holds one test app at a
 * time (open a second one only after the first is no longer used).
 *
 * The real server on a real database: PGlite in a temporary DATA_DIR by default, PostgreSQL when
 * DATABASE_URL is set (like fastify/demo's test/helper.ts).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    webRoot?: string;
    /** Runs before ready(): a test may add routes or hooks here. */
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
    logStream?: { write(line: string): void };
    /** Demo data with this many ledger lines per customer (the demo accounts need it). */
    seed?: { ledgerLinesPerCustomer: number };
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-api-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  const env: Record<string, string> = {
    // The tests sign staff in without a second factor; the second factor's own tests set
    // STAFF_SECOND_FACTOR=required (docs/decisions/016).
    STAFF_SECOND_FACTOR: 'optional',
    ...TEST_SETTINGS,
    ...(await identityProviderEnv()),
    ...options.env,
  };
  // The prepared data is on the local object store: a test on S3 seeds its own buckets.
  const copied =
    !env.S3_ENDPOINT &&
    (await copyPreparedData(
      {
        identityProvider: env.IDENTITY_PROVIDER === 'firebase' ? 'firebase' : 'builtin',
        ledgerLinesPerCustomer: options.seed?.ledgerLinesPerCustomer ?? null,
      },
      dataDir,
      env,
      databaseUrl,
    ));
  if (databaseUrl && !copied) await resetPostgres(databaseUrl);
  const config = loadConfig({
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    ...env,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const platform = await openPlatform(
    config,
    options.logStream ? pino({ level: 'info' }, options.logStream) : pino({ level: 'silent' }),
  );
  // On a copy, only puts the demo accounts back into a Firebase emulator emptied since.
  if (options.seed) {
    await seedDemoIfEmpty(platform, {
      ledgerLinesPerCustomer: options.seed.ledgerLinesPerCustomer,
      now: SEED_NOW,
    });
  }
  const app = await buildApp({
    config,
    platform,
    webRoot: options.webRoot ?? join(dataDir, 'no-web-build'),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database: platform.database,
    platform,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second API instance beside a test app: its own platform (pool, counters, identity) and server
 * on the same configuration, database and data directory, as a second process behind a load
 * balancer would be. Neither resets nor seeds anything.
 */
export async function openSecondInstance(
  first: TestApp,
  options: {
    /** Settings of its own, e.g. another PORTAL_ROLE. */
    config?: Partial<Config>;
    /** A DATA_DIR of its own (its .eml files apart from the first's); removed on close. */
    ownDataDir?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = options.ownDataDir
    ? mkdtempSync(join(tmpdir(), 'portal-api-test-'))
    : first.dataDir;
  const config: Config = { ...first.config, ...options.config, DATA_DIR: dataDir, dataDir };
  const platform = await openPlatform(config, pino({ level: 'silent' }));
  const app = await buildApp({ config, platform, webRoot: join(dataDir, 'no-web-build') });
  await app.ready();
  return {
    app,
    config,
    database: platform.database,
    platform,
    dataDir,
    async close() {
      await app.close();
      if (options.ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
