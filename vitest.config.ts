import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The API tests under IDENTITY_PROVIDER=firebase (project api-firebase). */
const FIREBASE_API_TESTS = 'tests/api/firebase-*.test.ts';
/** The run's migrated and seeded databases, copied for each test app (tests/support/prepared-data.ts). */
const PREPARED_DATA = 'tests/support/prepared-data-setup.ts';

/**
 * Files that run for a minute or more, started before the other files of their project, in this
 * order.
 * Vitest starts the files it has timed before longest first, but keeps those times under
 * node_modules: on a fresh clone (CI, a newcomer) it has none and starts the largest files first.
 * The two fuzz files are the API step's longest (a thousand requests per route) and among its
 * smallest, so they start last; the production-install test, a middling file, runs for minutes
 * mostly waiting on the `npm ci` and the build it starts. Any of them started after the others
 * have ended leaves the step finishing on one worker while the other stands idle; started first,
 * the other files fill in beside them.
 */
const LONG_FILES = [
  'tests/api/production-install.test.ts',
  'tests/api/fuzz-users-and-top.test.ts',
  'tests/api/fuzz-orders-and-files.test.ts',
  // The files that start commands of their own (a seed, the importers, the mail status) take half
  // a minute to a minute each: started last, the slowest of them was what the step waited on.
  'tests/api/seed-cli.test.ts',
  'tests/api/ledger-import-cli.test.ts',
  'tests/api/invoice-import-cli.test.ts',
  'tests/api/mail-status-cli.test.ts',
];

/** Vitest's order, less the long files, which go to the front of their project's files. */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = LONG_FILES.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return at < 0 ? LONG_FILES.length : at;
    };
    const byProject = new Map<string, { spec: TestSpecification; index: number }[]>();
    for (const [index, spec] of (await super.sort(files)).entries()) {
      const list = byProject.get(spec.project.name) ?? [];
      byProject.set(spec.project.name, [...list, { spec, index }]);
    }
    return [...byProject.values()].flatMap((list) =>
      list.sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index).map(({ spec }) => spec),
    );
  }
}

export default defineConfig({
  plugins: [react()],
  // The web app's alias (vite.config.ts, tsconfig.json "paths").
  resolve: { alias: { '@domain': fileURLToPath(new URL('domain', import.meta.url)) } },
  test: {
    // A worker per core, at least two (Vitest's default leaves one core idle, half of CI's two): the
    // API tests spend much of their time in PGlite, which is single-threaded.
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // A worker loads the modules once for all its files, as in the projects below: most
          // files here run in a fraction of a second, and loading the server's modules again for
          // each took a third of the project's time. None of them changes a module's state
          // (no module mocks, no settings written to the environment).
          isolate: false,
          include: ['tests/unit/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          // A worker loads React, Mantine and the app's modules once for all its files, not once
          // per file (about half the project's CPU time). The modules that keep state between
          // renders (the access token, the unsaved-changes flag, the toasts, the sign-outs still
          // pending, the calls sent ahead) are reset after each test in setup-tests.ts, which
          // also patches the shared window only once.
          isolate: false,
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/testing/setup-tests.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          // A worker loads the server's modules once for all its files, not once per file (some
          // five seconds each): the files share no module state but the prepared statements'
          // texts, and each opens its own app. The same below.
          isolate: false,
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, FIREBASE_API_TESTS],
          // On PostgreSQL each worker has a database of its own (tests/support/worker-database.ts).
          setupFiles: ['tests/support/worker-database.ts'],
          globalSetup: [PREPARED_DATA],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // IDENTITY_PROVIDER=firebase against the Firebase Auth Emulator, which the global setup
        // starts (firebase-tools) and stops: one per worker, since each file empties its own.
        extends: true,
        test: {
          name: 'api-firebase',
          environment: 'node',
          isolate: false,
          // The Firebase files, and shared files that run under either provider through
          // createTestApp (TEST_IDENTITY_PROVIDER).
          include: [
            FIREBASE_API_TESTS,
            'tests/api/identity-port.test.ts',
            'tests/api/authorization-matrix.test.ts',
            'tests/api/sign-in.test.ts',
            'tests/api/sign-in-account-items.test.ts',
            'tests/api/identity-sessions.test.ts',
            'tests/api/session-lifetime.test.ts',
            'tests/api/identity-routes.test.ts',
            'tests/api/pre-login-limits.test.ts',
            'tests/api/user-admin.test.ts',
            'tests/api/second-factor-sessions.test.ts',
            'tests/api/cache-control.test.ts',
          ],
          env: { TEST_IDENTITY_PROVIDER: 'firebase' },
          globalSetup: ['tests/support/firebase-global-setup.ts', PREPARED_DATA],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time (an emulator each), beside the fault tests' one (scripts/test.mjs).
          maxWorkers: 2,
        },
      },
      {
        // Faults: stopping the database, the object store and the mail server. Run by a step of
        // their own after the others (scripts/test.mjs): a stopped PostgreSQL must hit no other test.
        extends: true,
        test: {
          name: 'faults',
          environment: 'node',
          isolate: false,
          include: ['tests/faults/**/*.test.ts'],
          globalSetup: [PREPARED_DATA],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
