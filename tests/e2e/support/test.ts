import { test as base } from '@playwright/test';

/**
 * Playwright's `test`, which also keeps what the pages of a test threw or logged as an error (an
 * uncaught exception, React's report of a screen that failed and showed 「Unexpected Application
 * Error!」) and attaches it to a failed test's report: a screenshot shows that a screen failed,
 * this says why. Nothing is attached to a test that passes.
 */
export const test = base.extend<{ pageErrors: undefined }>({
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
