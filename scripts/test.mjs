// `npm test`: lint and format check, type check, build, unit + component + API tests, the API
// tests under Firebase Authentication (its emulator), browser tests, the sign-in browser tests
// under Firebase.
// With DATABASE_URL set, the API and browser tests run on that PostgreSQL database and WIPE it:
// point it at a disposable database only.
//
// `npm test -- --database-steps` runs only what can turn out otherwise on another database: the
// unit and API tests, the fault tests and the browser tests at desktop size. CI runs the whole of
// `npm test` on PGlite, then this on PostgreSQL (.ci/run): lint, types, the web components, the
// Firebase passes and the phone layout do not depend on the database, and running them twice took
// CI near its time limit.
import { spawnSync } from 'node:child_process';

const databaseSteps = process.argv.includes('--database-steps');

/** [name, command, args, the args with --database-steps (null: not run then)] */
const steps = [
  ['lint and format', 'npx', ['biome', 'check', '.'], null],
  ['type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], null],
  ['build', 'node', ['scripts/build.mjs']],
  [
    'unit, component and API tests',
    'npx',
    ['vitest', 'run', '--project', 'unit', '--project', 'web', '--project', 'api'],
    ['vitest', 'run', '--project', 'unit', '--project', 'api'],
  ],
  [
    // IDENTITY_PROVIDER=firebase against the Firebase Auth Emulator (firebase-tools, a
    // devDependency; Node only, no Java), which the project's global setup starts and stops.
    'API tests under Firebase Authentication (Auth Emulator)',
    'npx',
    ['vitest', 'run', '--project', 'api-firebase'],
    null,
  ],
  [
    'fault tests (database, storage and mail going away)',
    'npx',
    ['vitest', 'run', '--project', 'faults'],
  ],
  ['browser tests', 'npx', ['playwright', 'test'], ['playwright', 'test', '--project', 'desktop']],
  [
    // tests/e2e/auth.spec.ts again, on a server under IDENTITY_PROVIDER=firebase with an emulator
    // of its own (scripts/e2e-server.mjs).
    'sign-in browser tests under Firebase Authentication (Auth Emulator)',
    'npx',
    ['playwright', 'test', '--config', 'playwright.firebase.config.ts'],
    null,
  ],
];

const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
console.log(`npm test on ${database}${databaseSteps ? ', the steps that depend on it' : ''}`);
const started = performance.now();
for (const [name, command, allArgs, reducedArgs] of steps) {
  const args = databaseSteps && reducedArgs !== undefined ? reducedArgs : allArgs;
  if (args === null) {
    console.log(`\n=== ${name}: not run with --database-steps`);
    continue;
  }
  const stepStarted = performance.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((performance.now() - stepStarted) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
}
console.log(
  `\nall tests passed in ${((performance.now() - started) / 1000).toFixed(1)} s on ${database}`,
);
