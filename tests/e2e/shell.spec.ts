import { expect, type Page, type Response } from '@playwright/test';
import { builtEntry } from '../api/helpers/built-entry';
import { loginAs } from './support/login-as';
import { test } from './support/test';

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

  test('loads the page, its scripts and styles compressed @desktop-only', async ({ page }) => {
    // At / the login screen's page carries its styles (decision 019), so it is compressed too;
    // at another path the styles are a file of their own.
    const entry = builtEntry();
    for (const [path, files] of [
      ['/', ['/', entry.largestScript]],
      ['/no-such-page', [entry.largestScript, entry.styles[0]]],
    ] as const) {
      const encodings = new Map<string, string | undefined>();
      const watch = async (response: Response) => {
        const file = files.find((name) => name === new URL(response.url()).pathname);
        if (file) encodings.set(file, (await response.allHeaders())['content-encoding']);
      };
      page.on('response', watch);
      await page.goto(path);
      await expectLoginScreen(page);
      await expect.poll(() => encodings.size, path).toBe(2);
      page.off('response', watch);
      expect([...encodings.values()], path).toEqual(['br', 'br']);
    }
  });

  test('shows the login screen at an unknown path @desktop-only', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/no-such-page/at-all');
    await expectLoginScreen(page);
    expect(errors).toEqual([]);
  });

  test('changes the address once the next screen can show, keeping the last one till then @desktop-only', async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked!: () => void;
    const screenAskedFor = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await page.route(/\/assets\/mail-reset-password-page-[^/]*\.js$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto('/login');
    // Taken over by the script (decision 019): the link now moves within the app.
    await expect(page.getByRole('button', { name: 'ログイン' })).toHaveAttribute('type', 'submit');
    await page.getByRole('link', { name: 'パスワードをお忘れの方はこちら' }).click();
    // The navigation has begun (the next screen is being fetched) and the address has not moved.
    await screenAskedFor;
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.getByRole('heading', { name: 'ログイン', level: 1 })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/mail-reset-password$/);
    await expect(page.getByRole('heading', { name: 'パスワード再設定', level: 1 })).toBeVisible();
  });

  test('asks for mail and password when the login form is sent empty @desktop-only', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(
      page.getByText('メールアドレスを入力してください。', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('パスワードを入力してください。', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'メールアドレス' })).toBeFocused();
  });

  test('shows and hides the password @desktop-only', async ({ page }) => {
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

  test('renders Japanese text with real glyphs @desktop-only', async ({ page }) => {
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

  test('sends a signed-out visitor of the permission page to the login screen @desktop-only', async ({
    page,
  }) => {
    await page.goto('/permission-denied');
    await expect(page).toHaveURL(/\/login$/);
    await expectLoginScreen(page);
  });
});

test.describe('the signed-in shell', () => {
  test('tells a user without permission that the page is not theirs @desktop-only', async ({
    page,
  }) => {
    await loginAs(page, 'user');
    const errors = watchConsole(page);
    await page.goto('/edit-top');
    await expect(page).toHaveURL(/\/permission-denied$/);
    await expect(page.getByText('このページにアクセスする権限がありません。')).toBeVisible();
    await expect(page.getByRole('link', { name: 'TOPへ戻る' })).toHaveAttribute('href', '/top');
    await expect(page).toHaveTitle('お客様ポータル | アクセス権限がありません');
    expect(errors).toEqual([]);
  });

  test('the first Tab offers a way past the header and the menu, straight to the screen', async ({
    page,
  }) => {
    await loginAs(page, 'user', '/shared-files');
    // The screen's own links are there (a screen still loading has none, and Tab would go on to
    // the footer).
    await expect(page.getByRole('link', { name: '施工マニュアル', exact: true })).toBeVisible();
    const skip = page.getByRole('link', { name: '本文へ移動' });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
    // The next Tab lands in the screen itself, not in the header or the menu.
    await page.keyboard.press('Tab');
    const focusedInMain = await page.evaluate(
      () => document.getElementById('main-content')?.contains(document.activeElement) ?? false,
    );
    expect(focusedInMain).toBe(true);
  });

  test('the phone menu takes the focus when it opens and closes with Escape', async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'the menu is a panel of its own on a phone only');
    await loginAs(page, 'user');
    const burger = page.getByRole('button', { name: 'メニュー', exact: true });
    const menu = page.getByRole('navigation', { name: 'メインメニュー' });
    await burger.click();
    await expect(menu.getByRole('link', { name: 'TOP' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).not.toBeInViewport();
    await expect(burger).toBeFocused();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('the header-only page', () => {
  test('/header shows the whole header under its own title', async ({ page }) => {
    await loginAs(page, 'admin', '/header');
    await expect(page).toHaveTitle('お客様ポータル | ヘッダー');
    const header = page.getByRole('banner');
    await expect(header.getByText('株式会社東和ルーフ 本社 様')).toBeVisible();
    // The header's full height, as on the other screens: the logo is not cut off.
    expect((await header.boundingBox())?.height).toBe(64);
    const logo = header.getByRole('link').first();
    const box = (await logo.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(64);
  });
});

test.describe('user administration in the menu', () => {
  test('an administrator opens ユーザー管理 from the side navigation or the phone menu', async ({
    page,
    isMobile,
  }) => {
    await loginAs(page, 'admin');
    if (isMobile) await page.getByRole('button', { name: 'メニュー', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('link', { name: 'ユーザー管理' })
      .click();
    await page.waitForURL('**/managers');
    await expect(page).toHaveTitle('お客様ポータル | ユーザー管理');
    if (isMobile) await page.getByRole('button', { name: 'メニュー', exact: true }).click();
    await expect(
      page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', {
        name: 'ユーザー管理',
      }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('a general user has no ユーザー管理 in the menu @desktop-only', async ({ page }) => {
    await loginAs(page, 'user');
    const menu = page.getByRole('navigation', { name: 'メインメニュー', includeHidden: true });
    await expect(menu.getByRole('link', { name: '注文一覧', includeHidden: true })).toHaveCount(1);
    await expect(menu.getByRole('link', { name: 'ユーザー管理', includeHidden: true })).toHaveCount(
      0,
    );
  });
});

test.describe('the signed-in shell while a screen loads', () => {
  test('nothing already shown moves as the top page and the order lines arrive', async ({
    page,
  }) => {
    // Layout shifts the page did not cause by input (the Layout Instability API): what a reader
    // sees jump, and what Lighthouse's CLS adds up.
    await page.addInitScript(() => {
      const shifts: string[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          const nodes = (entry.sources ?? []).map((source) =>
            source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : '?',
          );
          shifts.push(`${entry.value.toFixed(4)} ${nodes.join(' | ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await loginAs(page, 'user');
    for (const [path, loaded] of [
      ['/top', page.getByRole('heading', { name: 'ご案内' })],
      ['/orders', page.getByText(/全検索結果 ([\d,]+) 件/)],
    ] as const) {
      await page.goto(path);
      // The first search of a fresh server takes a few seconds on a busy machine (as in loginAs).
      await expect(loaded).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: string[] }).layoutShifts,
      );
      expect(shifts, `layout shifts on ${path}`).toEqual([]);
    }
  });
});
