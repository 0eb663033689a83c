// `npm test`: lint and format check, type check, build, unit + component + API tests, the API
// tests under Firebase Authentication (its emulator), fault tests, browser tests (among them the
// sign-in browser tests under Firebase).
// With DATABASE_URL set, the API and browser tests run on that PostgreSQL database and WIPE it:
// point it at a disposable database only.
//
// The steps run in stages; the steps of one stage side by side, each on about one core (a
// two-core machine is the measure): what one stage needs, an earlier one made (the build before
// the tests that serve it). A side-by-side step's output is printed whole when it ends.
//
// `npm test -- --only <step>[,<step>…]` runs only those steps (their names below), e.g.
// `npm test -- --only api-firebase`. A step that serves the built app builds first when the build
// is out of date (scripts/build.mjs knows).
//
// `npm test -- --database-steps` runs only what can turn out otherwise on another database: the
// unit and API tests, the fault tests and the browser tests at desktop size. CI runs the whole of
// `npm test` on PGlite, then this on PostgreSQL (.ci/run): lint, types, the web components, the
// Firebase passes and the phone layout do not depend on the database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildNeeded } from './build-state.mjs';

const argv = process.argv.slice(2);
const databaseSteps = argv.includes('--database-steps');
const onlyAt = argv.indexOf('--only');
const only = onlyAt >= 0 ? (argv[onlyAt + 1] ?? '').split(',').filter(Boolean) : null;

/**
 * name → [what it is, command, args, the args with --database-steps (null: not run then)].
 * The order is that of the stages below.
 */
const steps = {
  lint: ['lint and format', 'npx', ['biome', 'check', '.'], null],
  types: ['type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], null],
  build: ['build', 'node', ['scripts/build.mjs']],
  // The component tests (jsdom, a process per file) in a Vitest run apart from the API tests,
  // whose workers keep their modules from file to file (isolate: false): run together, a component
  // file's React work was twice seen running after its window had been torn down.
  unit: [
    'unit and component tests',
    'npx',
    ['vitest', 'run', '--project', 'unit', '--project', 'web'],
    ['vitest', 'run', '--project', 'unit'],
  ],
  api: ['API tests', 'npx', ['vitest', 'run', '--project', 'api']],
  // IDENTITY_PROVIDER=firebase against the Firebase Auth Emulator (firebase-tools, a
  // devDependency; Node only, no Java), which the project's global setup starts and stops.
  'api-firebase': [
    'API tests under Firebase Authentication (Auth Emulator)',
    'npx',
    ['vitest', 'run', '--project', 'api-firebase'],
    null,
  ],
  faults: [
    'fault tests (database, storage and mail going away)',
    'npx',
    ['vitest', 'run', '--project', 'faults'],
  ],
  // With tests/e2e/auth.spec.ts again on a second server, under IDENTITY_PROVIDER=firebase with an
  // emulator of its own (playwright.config.ts, the firebase-* projects).
  e2e: [
    'browser tests, the sign-in ones also under Firebase Authentication (Auth Emulator)',
    'npx',
    ['playwright', 'test'],
    ['playwright', 'test', '--project', 'desktop'],
  ],
};

/**
 * Steps of one stage run side by side. The fault tests stop the PostgreSQL server on the
 * PostgreSQL pass (tests/faults/database-restart.test.ts), where the Firebase steps do not run:
 * nothing else runs beside them there.
 */
const stages = [
  ['lint', 'types', 'build'],
  ['unit'],
  ['api'],
  ['api-firebase', 'faults'],
  // The browser pass keeps both cores busy (three workers, Chromium, the servers): alone.
  ['e2e'],
];

const unknown = (only ?? []).filter((name) => !(name in steps));
if (onlyAt >= 0 && (only.length === 0 || unknown.length > 0)) {
  console.error(
    `--only takes step names separated by commas${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}: ${Object.keys(steps).join(', ')}`,
  );
  process.exit(2);
}

/** A step's arguments in this run, or null when it is not run (--database-steps). */
function argsOf(name) {
  const [, , allArgs, reducedArgs] = steps[name];
  return databaseSteps && reducedArgs !== undefined ? reducedArgs : allArgs;
}

/** Runs a step; its output goes straight through, or is kept and printed whole at its end. */
function run(name, { buffered }) {
  const [title, command] = steps[name];
  const args = argsOf(name);
  if (args === null) {
    console.log(`\n=== ${name} (${title}): not run with --database-steps`);
    return Promise.resolve({ name, skipped: true });
  }
  const started = performance.now();
  console.log(`\n=== ${name} (${title}): ${command} ${args.join(' ')}`);
  const child = spawn(command, args, {
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: process.env,
  });
  const output = [];
  if (buffered) {
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      if (buffered) {
        console.log(`\n--- output of ${name} (${title})`);
        process.stdout.write(Buffer.concat(output));
      }
      const ok = code === 0;
      console.log(
        `${ok ? '✓' : '✗'} ${name} (${title}) ${ok ? '' : `failed (${signal ?? code}) `}after ${seconds.toFixed(1)} s`,
      );
      resolve({ name, ok, seconds });
    });
  });
}

/** Steps that read the build (route budgets, the server-rendered login screen, the browser). */
const NEED_BUILD = ['unit', 'api', 'e2e'];
// Chosen steps that read the build get a fresh one first: the Vitest steps' tests of the build only
// say that it is stale (tests/support/fresh-build.ts).
if (only && !only.includes('build') && only.some((name) => NEED_BUILD.includes(name))) {
  const reason = buildNeeded();
  if (reason) {
    console.log(`building first (${reason})`);
    only.unshift('build');
  }
}

/** Below this much free memory-backed space the tests keep their files on the disk. */
const MEMORY_TEMP_MIN_FREE = 4 * 1024 ** 3;

/**
 * The run's folder for the tests' temporary files (every test app's data folder and PGlite
 * database, the prepared templates they are copied from, the browser servers' data, Chromium's
 * profiles): in the machine's memory-backed filesystem when it has one with room (Linux's
 * /dev/shm), the disk's temporary folder otherwise. Copying a prepared database of some 1,400
 * files took 1.6 s on the disk and 0.1 s there, and PGlite's own reads and writes are cheaper; the
 * tests do not depend on it (each still makes its own folder with mkdtemp). TEST_TMPDIR names
 * another folder. Removed when the run ends.
 */
function runTempFolder() {
  if (process.env.TEST_TMPDIR) return mkdtempSync(join(process.env.TEST_TMPDIR, 'portal-tests-'));
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= MEMORY_TEMP_MIN_FREE) return mkdtempSync('/dev/shm/portal-tests-');
  } catch {
    // No such filesystem here: the disk's temporary folder.
  }
  return null;
}

const tempFolder = runTempFolder();
if (tempFolder) {
  process.env.TMPDIR = tempFolder;
  const remove = () => {
    try {
      // A step stopped by Ctrl-C may still be writing into it: a few tries.
      rmSync(tempFolder, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      console.error(`the tests' temporary files could not all be removed: ${tempFolder}`);
    }
  };
  process.on('exit', remove);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));
  }
}

// The database steps' browser pass starts no Firebase server: its projects are not run then.
if (databaseSteps) process.env.E2E_FIREBASE = 'off';

/**
 * Every Node process of the run (the Vitest and Playwright workers, the servers the browser tests
 * start, the commands the API tests run) with a young generation of 64 MB instead of V8's 16: the
 * tests allocate much short-lived memory (PGlite's results, requests and answers, generated
 * inputs), and a larger young generation collects it less often. A NODE_OPTIONS of the caller's
 * own comes after, so that a --max-semi-space-size of theirs wins.
 */
process.env.NODE_OPTIONS = ['--max-semi-space-size=64', process.env.NODE_OPTIONS]
  .filter(Boolean)
  .join(' ');

// One folder of prepared data for the run's Vitest steps (tests/support/prepared-data-setup.ts).
const preparedData = mkdtempSync(join(tempFolder ?? tmpdir(), 'portal-prepared-data-'));
process.env.TEST_PREPARED_DATA_ROOT = preparedData;
process.on('exit', () => rmSync(preparedData, { recursive: true, force: true, maxRetries: 3 }));

const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
console.log(`npm test on ${database}${databaseSteps ? ', the steps that depend on it' : ''}`);
if (tempFolder) console.log(`the tests' temporary files: ${tempFolder}`);
const started = performance.now();
const times = [];
for (const stage of stages) {
  const names = stage.filter((name) => !only || only.includes(name));
  if (names.length === 0) continue;
  const runs = names.filter((name) => argsOf(name) !== null);
  const results = await Promise.all(names.map((name) => run(name, { buffered: runs.length > 1 })));
  times.push(...results.filter((r) => !r.skipped));
  const failed = results.filter((r) => r.ok === false);
  if (failed.length > 0) {
    console.error(`\n✗ failed: ${failed.map((r) => r.name).join(', ')}`);
    process.exit(1);
  }
}
const total = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nstep times: ${times.map((r) => `${r.name} ${r.seconds.toFixed(1)} s`).join(', ')}`);
console.log(`all tests passed in ${total} s on ${database}`);
