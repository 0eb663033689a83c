import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { DESKTOP_ONLY_TAG } from './tests/e2e/support/projects';

// The e2e server's DATA_DIR (scripts/e2e-server.mjs empties it at start). Fixed, so that the tests
// can read the mails the server writes under <dir>/mail; set here so that the workers see it too.
// Not under test-results: Playwright empties that folder when a run starts, and a second run
// started by mistake would delete the data of the server still in use.
// E2E_PORT (default 3100) lets a second run or checkout keep out of this one's way.
const port = process.env.E2E_PORT ?? '3100';
const e2eDataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `customer-portal-e2e-data-${port}`);
process.env.E2E_DATA_DIR = e2eDataDir;

// The sign-in screens again under IDENTITY_PROVIDER=firebase (docs/decisions/011): the same server
// on Firebase Authentication, with an emulator of its own that scripts/e2e-server.mjs starts, on a
// port and in a data folder of its own (E2E_FIREBASE_PORT, default E2E_PORT + 10). In the same run
// as the rest, so that the two servers start at once and its tests fill the run's last minutes
// (decision 022). E2E_FIREBASE=off leaves the server and its projects out (npm test's
// database steps, which do not run them).
const withFirebase = process.env.E2E_FIREBASE !== 'off';
const firebasePort = process.env.E2E_FIREBASE_PORT ?? String(Number(port) + 10);
const firebaseDataDir = join(tmpdir(), `customer-portal-e2e-firebase-data-${firebasePort}`);
// When the run started (the workers inherit it): the time a worker allows a late server counts
// from here (tests/e2e/support/test.ts).
process.env.E2E_RUN_STARTED ??= String(Date.now());

// Debian's Chromium, never a downloaded browser (`npx playwright install` must not run): its
// headless shell, lighter on a two-core machine than the whole browser without a window
// (decision 045); the whole browser where the shell is not installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const launchOptions = {
  executablePath: existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The pass takes 4 to 10 minutes on a two-core machine: one that stops making progress fails,
  // naming the tests still running, long before CI's own limit ends the whole run unexplained.
  globalTimeout: 40 * 60_000,
  // Three, one more than a two-core machine's cores: each test spends much of its time waiting on
  // the server's answers and the page settling, and with two workers the pass kept the cores only
  // two thirds busy. Three did the same work in three quarters of the time (decision 022).
  workers: 3,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    launchOptions,
    // A failed test keeps a screenshot and its page's accessibility tree (error-context.md). No
    // trace is recorded: recording one for every test, to keep it only for the failures, took
    // about a seventh of the browser pass's time. To see a failure step by step, run its test
    // again with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: desktop, metadata: { dataDir: e2eDataDir } },
    {
      name: 'phone',
      use: phone,
      metadata: { dataDir: e2eDataDir },
      // The sign-in flows (the server's answers, messages and where each lands) are the same at
      // both sizes: here they run at desktop size, and at phone size under Firebase (below), which
      // runs them at both. The sign-in screens' phone layout is checked here by
      // server-rendering, shell and accessibility (axe).
      testIgnore: ['auth.spec.ts'],
      // Tests of what a phone's layout does not change (tests/e2e/support/projects.ts).
      grepInvert: DESKTOP_ONLY_TAG,
    },
    ...(withFirebase
      ? [
          { name: 'firebase-desktop', use: desktop },
          { name: 'firebase-phone', use: phone, grepInvert: DESKTOP_ONLY_TAG },
        ].map((project) => ({
          ...project,
          testMatch: ['auth.spec.ts'],
          use: { ...project.use, baseURL: `http://127.0.0.1:${firebasePort}` },
          metadata: { dataDir: firebaseDataDir },
          // One file at two sizes would keep two workers busy and the third idle: its tests are
          // spread over all three (the account lock's stay together, in order: a serial group).
          fullyParallel: true,
        }))
      : []),
  ],
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      // The prepared data beside it is what the second-factor spec's servers start from.
      env: {
        E2E_DATA_DIR: e2eDataDir,
        E2E_PORT: port,
        E2E_PREPARED_DIR: `${e2eDataDir}-prepared`,
      },
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    ...(withFirebase
      ? [
          {
            command: 'node scripts/e2e-server.mjs',
            env: {
              E2E_DATA_DIR: firebaseDataDir,
              E2E_PORT: firebasePort,
              E2E_IDENTITY_PROVIDER: 'firebase',
              // The embedded database, also when the run's is PostgreSQL: that one is the other
              // server's, and what is checked here does not depend on the database.
              DATABASE_URL: '',
            },
            // No url: Playwright starts the servers one after another and would wait here before
            // starting the other. Each worker waits for its own project's server instead
            // (tests/e2e/support/test.ts), and these projects' tests come last in the queue.
            // Its log shown, prefixed: silent at its level when all is well, and the reason it
            // stopped when it fails to start (which nothing else would report).
            name: 'firebase server',
            stdout: 'pipe' as const,
          },
        ]
      : []),
  ],
});
