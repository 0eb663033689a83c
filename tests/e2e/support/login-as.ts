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
export async function loginAs(page: Page, account: DemoAccount): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(demoMail(account));
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL('**/top');
  await expect(page.getByRole('heading', { name: 'TOP', level: 1 })).toBeVisible();
}
