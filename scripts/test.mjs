// `npm test`: lint and format check, type check, build, unit + component + API tests, the API
// tests under Firebase Authentication (its emulator), browser tests, the sign-in browser tests
// under Firebase.
// With DATABASE_URL set, the API and browser tests run on that PostgreSQL database and WIPE it:
// point it at a disposable database only.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint and format', 'npx', ['biome', 'check', '.']],
  ['type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['build', 'node', ['scripts/build.mjs']],
  [
    'unit, component and API tests',
    'npx',
    ['vitest', 'run', '--project', 'unit', '--project', 'web', '--project', 'api'],
  ],
  [
    // IDENTITY_PROVIDER=firebase against the Firebase Auth Emulator (firebase-tools, a
    // devDependency; Node only, no Java), which the project's global setup starts and stops.
    'API tests under Firebase Authentication (Auth Emulator)',
    'npx',
    ['vitest', 'run', '--project', 'api-firebase'],
  ],
  [
    'fault tests (database, storage and mail going away)',
    'npx',
    ['vitest', 'run', '--project', 'faults'],
  ],
  ['browser tests', 'npx', ['playwright', 'test']],
  [
    // tests/e2e/auth.spec.ts again, on a server under IDENTITY_PROVIDER=firebase with an emulator
    // of its own (scripts/e2e-server.mjs).
    'sign-in browser tests under Firebase Authentication (Auth Emulator)',
    'npx',
    ['playwright', 'test', '--config', 'playwright.firebase.config.ts'],
  ],
];

const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
console.log(`npm test on ${database}`);
const started = performance.now();
for (const [name, command, args] of steps) {
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
