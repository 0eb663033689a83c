import { expect, type Page, test } from '@playwright/test';

/** Collects console errors and uncaught exceptions (CSP violations are console errors). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function expectLoginScreen(page: Page) {
  await expect(page.getByRole('heading', { name: 'ログイン', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'メールアドレス' })).toBeVisible();
  await expect(page.getByLabel('パスワード', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'パスワードをお忘れの方はこちら' })).toBeVisible();
  await expect(page).toHaveTitle('お客様ポータル | ログイン');
}

test.describe('the public shell', () => {
  test('shows the login screen at / without console errors', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/');
    await expectLoginScreen(page);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('shows the login screen at an unknown path', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/no-such-page/at-all');
    await expectLoginScreen(page);
    expect(errors).toEqual([]);
  });

  test('asks for mail and password when the login form is sent empty', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(
      page.getByText('メールアドレスを入力してください。', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('パスワードを入力してください。', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'メールアドレス' })).toBeFocused();
  });

  test('shows and hides the password', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('パスワード', { exact: true });
    await password.fill('Passw0rd!');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'パスワードを表示' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('opens the company pages in a new tab', async ({ page, isMobile }) => {
    await page.goto('/login');
    if (isMobile) await page.getByRole('button', { name: '企業サイト' }).click();
    // On a phone the pages sit in a menu, whose entries are menu items.
    const link = page.getByRole(isMobile ? 'menuitem' : 'link', { name: /会社情報/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('renders Japanese text with real glyphs', async ({ page }) => {
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'ログイン' });
    const box = await button.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(0);
    // Without a Japanese font every kana falls back to the same missing-glyph box, so two
    // different kana drawn in the page's font would give identical pixels.
    const glyphs = await button.evaluate((element) => {
      const draw = (text: string) => {
        const canvas = document.createElement('canvas');
        canvas.width = 64;
        canvas.height = 64;
        const context = canvas.getContext('2d');
        if (!context) return '';
        context.font = `48px ${getComputedStyle(element).fontFamily}`;
        context.fillText(text, 4, 52);
        return canvas.toDataURL();
      };
      return { ro: draw('ロ'), n: draw('ン'), blank: draw('') };
    });
    expect(glyphs.ro).not.toBe(glyphs.blank);
    expect(glyphs.ro).not.toBe(glyphs.n);
  });

  test('tells a user without permission that the page is not theirs', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/permission-denied');
    await expect(page.getByText('このページにアクセスする権限がありません。')).toBeVisible();
    await expect(page.getByRole('link', { name: 'TOPへ戻る' })).toHaveAttribute('href', '/top');
    await expect(page).toHaveTitle('お客様ポータル | アクセス権限がありません');
    expect(errors).toEqual([]);
  });
});
