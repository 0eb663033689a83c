// Started by Playwright (playwright.config.ts webServer): the built production server on port 3100
// with a fresh DATA_DIR (E2E_DATA_DIR, or a temporary folder), the demo data and the browser tests'
// own accounts, so every browser run starts from the same state. Builds first when the build is
// out of date, as `npm start` does: a browser test never runs against a stale build.
//
// E2E_PREPARED_DIR (PGlite only): the prepared data is made there and copied into DATA_DIR, so
// that another server of the same run (tests/e2e/second-factor.spec.ts) starts from a copy of it
// with E2E_PREPARED_REUSE=1 instead of seeding the demo again.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildNeeded } from './build-state.mjs';

const buildReason = buildNeeded();
if (buildReason) {
  console.log(`building (${buildReason}) ...`);
  const { buildAll } = await import('./build.mjs');
  await buildAll();
}

const dataDir = process.env.E2E_DATA_DIR
  ? resolve(process.env.E2E_DATA_DIR)
  : mkdtempSync(join(tmpdir(), 'portal-e2e-'));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
if (!process.env.E2E_DATA_DIR)
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

if (process.env.DATABASE_URL) {
  // A disposable test database (see scripts/test.mjs): start from an empty schema.
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(
    'DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS drizzle CASCADE;',
  );
  await client.end();
}

const port = process.env.E2E_PORT ?? '3100';
Object.assign(process.env, {
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  SHUTDOWN_GRACE_MS: '2000',
  // No metrics listener: two browser runs (two checkouts, the Firebase pass) would share its port.
  METRICS_PORT: process.env.METRICS_PORT ?? '0',
  // Every browser test signs in from 127.0.0.1; the limits themselves are tested in tests/api.
  RATE_LIMIT_IP_PER_MINUTE: '10000',
  RATE_LIMIT_MAIL_PER_MINUTE: '10000',
  // The browser tests sign staff in without a second factor; tests/e2e/second-factor.spec.ts
  // starts a server of its own with STAFF_SECOND_FACTOR=required (docs/decisions/016).
  STAFF_SECOND_FACTOR: process.env.STAFF_SECOND_FACTOR ?? 'optional',
  // The least password hashing work (the standard's is 0.1 s of a core a sign-in): the hashes'
  // cost is the configuration's business, tested in tests/unit/password-hash.test.ts and by the
  // production install's server, which signs in at the standard one.
  PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? '10',
  // The tests' size (tests/support/prepared-data.ts, TEST_SETTINGS): this server and the one that
  // seeds before it each open the database, clearing 128 MB of buffers at PostgreSQL's default.
  PGLITE_SHARED_BUFFERS_MB: process.env.PGLITE_SHARED_BUFFERS_MB ?? '16',
});

// E2E_IDENTITY_PROVIDER=firebase (playwright.config.ts, the firebase-* projects): the same server
// on Firebase Authentication, against an emulator of its own, started here in this process group
// so that Playwright's stop of the server stops it too. The demo accounts are seeded into it.
if (process.env.E2E_IDENTITY_PROVIDER === 'firebase') {
  const { EMULATOR_PROJECT_ID, startFirebaseEmulator } = await import('./firebase-emulator.mjs');
  const emulator = await startFirebaseEmulator({ detached: false });
  // A server that stops on its own (its port taken, a setting refused) takes its emulator along:
  // Playwright's kill of the process group, which would end both, does not come then.
  process.on('exit', () => emulator.stopNow());
  Object.assign(process.env, {
    IDENTITY_PROVIDER: 'firebase',
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
    FIREBASE_API_KEY: 'emulator-api-key',
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  });
}

/**
 * Seeds the demo data and the browser tests' accounts into the DATA_DIR (and database) given. On
 * PGlite within `npm test`, from a copy of the run's migrated schema when its API tests made one
 * (TEST_PREPARED_DATA_ROOT, tests/support/prepared-data.ts): a new database's migrations are some
 * five seconds of the server's start.
 */
function prepare(into) {
  const schema = process.env.TEST_PREPARED_DATA_ROOT
    ? join(process.env.TEST_PREPARED_DATA_ROOT, 'schema')
    : null;
  if (schema && !process.env.DATABASE_URL && existsSync(`${schema}.ready`)) {
    cpSync(schema, into, { recursive: true });
  }
  const prepared = spawnSync('npx', ['tsx', 'tests/e2e/support/prepare-e2e-data.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: into },
  });
  if (prepared.status !== 0) process.exit(prepared.status ?? 1);
}

const preparedDir =
  process.env.E2E_PREPARED_DIR && !process.env.DATABASE_URL
    ? resolve(process.env.E2E_PREPARED_DIR)
    : null;
const ready = preparedDir && join(preparedDir, '.prepared');
if (!preparedDir) {
  prepare(dataDir);
} else if (process.env.E2E_PREPARED_REUSE === '1' && !existsSync(ready)) {
  // Nothing prepared to reuse (the run's own server is on PostgreSQL): this server seeds its own.
  prepare(dataDir);
} else {
  if (process.env.E2E_PREPARED_REUSE !== '1') {
    rmSync(preparedDir, { recursive: true, force: true });
    mkdirSync(preparedDir, { recursive: true });
    prepare(preparedDir);
    mkdirSync(ready);
  }
  cpSync(preparedDir, dataDir, {
    recursive: true,
    filter: (source) => source !== ready && !source.endsWith('db.lock'),
  });
}

await import('../dist/server/main.js');
