import { expect, type Page } from '@playwright/test';
import { SESSION_ACTIVITY_PATH } from '../../domain/session-lifetime';
import { loginAs } from './support/login-as';
import { test } from './support/test';

// The session's lifetime on the server, as the browser drives it (docs/product.md §4; decision
// 034): a reload keeps the session, closing the last tab ends its cookie and tokens within a
// minute (the grace, then the token check's interval), and the warning before the sign-out for
// inactivity keeps the session with 「ログインを続ける」.

test.describe.configure({ timeout: 120_000 });

/** The answer to the page's next report of activity to the server. */
const nextActivityReport = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith(SESSION_ACTIVITY_PATH) && response.request().method() === 'POST',
  );

test('a reload keeps the session on the server; closing the last tab ends its cookie and tokens within a minute @desktop-only', async ({
  page,
  context,
}) => {
  await loginAs(page, 'user');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'TOP', level: 1 })).toBeVisible();

  // The reloaded page took back the session its unload had announced it would leave: it ends
  // after the idle period again, not after the grace.
  await expect
    .poll(
      async () => {
        const answer = await (await context.request.get('/api/auth/get-session')).json();
        return Date.parse(answer.session.expiresAt) - Date.now();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(30 * 60_000);
  const tokenAnswer = await context.request.get('/api/auth/token');
  expect(tokenAnswer.status()).toBe(200);
  const { token } = (await tokenAnswer.json()) as { token: string };
  const apiCall = () =>
    context.request.post('/api/v1/user/get-all-customers', {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
  expect((await apiCall()).status()).toBe(200);

  // Every tab closed, as a person closes it; the browser (its cookies) stays.
  await page.close({ runBeforeUnload: true });
  await expect
    .poll(async () => (await context.request.get('/api/auth/token')).status(), {
      timeout: 60_000,
      intervals: [1000],
    })
    .toBe(401);
  await expect
    .poll(async () => (await apiCall()).status(), { timeout: 60_000, intervals: [1000] })
    .toBe(401);
});

test('the warning before the sign-out for inactivity counts down, and 「ログインを続ける」 keeps the session on the server', async ({
  page,
}) => {
  await page.clock.install();
  // The signed-in screen starts its hour as it tells the server it is there: the clock is moved
  // only once that hour is running (after the sign-in screen's, on a busy machine, it may not be).
  const started = nextActivityReport(page);
  await loginAs(page, 'user');
  await started;
  await page.clock.fastForward('55:00');

  const dialog = page.getByRole('dialog', { name: 'まもなく自動的にログアウトします' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('で自動的にログアウトします');
  const kept = nextActivityReport(page);
  await dialog.getByRole('button', { name: 'ログインを続ける' }).click();
  expect((await kept).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'TOP', level: 1 })).toBeVisible();
});
