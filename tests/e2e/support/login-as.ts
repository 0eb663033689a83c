import { expect as baseExpect, type Page } from '@playwright/test';

// Saves, reloads and sign-ins take a few seconds on a busy machine; no step waits longer than it must.
const expect = baseExpect.configure({ timeout: 15_000 });

/** Every demo account signs in with this password (docs/product.md §15). */
export const DEMO_PASSWORD = 'Passw0rd!';

/**
 * Demo accounts with a single customer code, so sign-in goes straight to /top (the accounts with
 * two or more go through /login-tenant).
 */
export type DemoAccount = 'staff' | 'admin' | 'user';

export const demoMail = (account: DemoAccount) => `${account}@example.com`;

/** Signs in through the login form, as a person would, and waits for the top page. */
export async function signInThroughForm(page: Page, account: DemoAccount): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(demoMail(account));
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL('**/top');
  await expect(page.getByRole('heading', { name: 'TOP', level: 1 })).toBeVisible();
}

/**
 * What a tab keeps of its session (sessionStorage: the user and their customers), per account, as
 * the first sign-in through the form in this worker left it. The identity session itself is never
 * shared: each test gets its own from the server.
 */
const tabSessions = new Map<DemoAccount, Record<string, string>>();

/** Marks a tab whose stored session was put in, so that a sign-out in the test stays one. */
const RESTORED = 'e2e-tab-session-restored';

/**
 * Starts a test signed in as the account, at /top or on the screen at `path`: the first time in a
 * worker through the login form; after that as a tab that was signed in: a session of its own
 * from the sign-in endpoint the form posts to (its cookie in this browser context), and the tab's
 * stored session put in before the page's scripts run. Tests about signing in itself go through
 * the form (auth.spec.ts). A test of another screen starts on it, not on /top first: the caller
 * waits for that screen as it would after any `page.goto`.
 */
export async function loginAs(page: Page, account: DemoAccount, path = '/top'): Promise<void> {
  const entries = tabSessions.get(account);
  if (!entries) {
    await signInThroughForm(page, account);
    tabSessions.set(
      account,
      await page.evaluate(() => Object.fromEntries(Object.entries(window.sessionStorage))),
    );
    if (path !== '/top') await page.goto(path);
    return;
  }
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: demoMail(account), password: DEMO_PASSWORD },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const origin = new URL(signedIn.url()).origin;
  await page.addInitScript(
    ({ origin, entries, marker }) => {
      if (window.location.origin !== origin || window.sessionStorage.getItem(marker)) return;
      window.sessionStorage.setItem(marker, '1');
      for (const [key, value] of Object.entries(entries)) window.sessionStorage.setItem(key, value);
    },
    { origin, entries, marker: RESTORED },
  );
  await page.goto(path);
  if (path === '/top')
    await expect(page.getByRole('heading', { name: 'TOP', level: 1 })).toBeVisible();
}

/**
 * Goes to the screen at `path`: signed in as `account` first when one is given, straight onto the
 * screen (the spec helpers that open a screen, for a test that starts there or goes there later).
 */
export async function goToScreen(page: Page, path: string, account?: DemoAccount): Promise<void> {
  if (account) await loginAs(page, account, path);
  else await page.goto(path);
}
