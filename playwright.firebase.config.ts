import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The sign-in screens under IDENTITY_PROVIDER=firebase (docs/decisions/011): the same browser
// tests, at both viewports, against the production server on Firebase Authentication (its
// emulator, which scripts/e2e-server.mjs starts with E2E_IDENTITY_PROVIDER=firebase). A port and a
// data folder of their own (E2E_FIREBASE_PORT, default 3110), so that it may run beside the
// built-in run.
const port = process.env.E2E_FIREBASE_PORT ?? '3110';
const e2eDataDir = join(tmpdir(), `customer-portal-e2e-firebase-data-${port}`);
process.env.E2E_DATA_DIR = e2eDataDir;

export default defineConfig({
  ...base,
  testMatch: ['auth.spec.ts'],
  // One file at two sizes would keep two workers busy and the third idle: its tests are spread
  // over all three (the account lock's stay together, in order: a serial group).
  fullyParallel: true,
  // Apart from the built-in pass's, which may run at the same time (another checkout, say).
  outputDir: 'test-results/firebase',
  // Both sizes: the built-in pass runs the sign-in flows at desktop size only.
  projects: (base.projects ?? []).map(({ testIgnore: _phoneOnlyElsewhere, ...project }) => project),
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    env: { E2E_DATA_DIR: e2eDataDir, E2E_PORT: port, E2E_IDENTITY_PROVIDER: 'firebase' },
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
