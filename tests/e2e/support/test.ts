import { test as base } from '@playwright/test';
import { waitUntilReady } from './server-ready';

/** The Firebase server's start (its emulator, the demo accounts) on a busy two-core machine. */
const SERVER_START_TIMEOUT = 180_000;

/**
 * Playwright's `test`, which also keeps what the pages of a test threw or logged as an error (an
 * uncaught exception, React's report of a screen that failed and showed 「Unexpected Application
 * Error!」) and attaches it to a failed test's report: a screenshot shows that a screen failed,
 * this says why. Nothing is attached to a test that passes.
 */
export const test = base.extend<{ pageErrors: undefined }, { serverReady: undefined }>({
  // Playwright waits for the run's own server before any test, but not for the Firebase projects'
  // (playwright.config.ts: it would wait for one before starting the other): a worker waits for
  // its project's server to answer /readyz before its first test. The run's own answers at once.
  // The time allowed counts from the run's start, so that a server that never comes up fails its
  // first worker's test after that time and every later worker's at once.
  serverReady: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures from this pattern.
    async ({}, use, workerInfo) => {
      const base = workerInfo.project.use.baseURL ?? '';
      const runStarted = Number(process.env.E2E_RUN_STARTED ?? Date.now());
      await waitUntilReady(
        base,
        runStarted + SERVER_START_TIMEOUT,
        `the server at ${base} did not answer /readyz within ${SERVER_START_TIMEOUT / 1000} s of the run's start (its output, if it failed, is above)`,
      );
      await use(undefined);
    },
    { scope: 'worker', auto: true, timeout: SERVER_START_TIMEOUT + 10_000 },
  ],
  pageErrors: [
    async ({ context }, use, testInfo) => {
      const errors: string[] = [];
      context.on('weberror', (error) => {
        const thrown = error.error();
        errors.push(`uncaught on ${error.page()?.url() ?? 'a page'}: ${thrown.stack ?? thrown}`);
      });
      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A refused request is logged by the browser itself: the tests see its answer.
        if (message.text().startsWith('Failed to load resource')) return;
        errors.push(`console.error on ${message.page()?.url() ?? 'a page'}: ${message.text()}`);
      });
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus && errors.length > 0) {
        await testInfo.attach('page errors', {
          body: errors.join('\n\n'),
          contentType: 'text/plain',
        });
      }
    },
    { auto: true },
  ],
});
