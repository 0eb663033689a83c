import { expect, type Page } from '@playwright/test';
import { builtEntry } from '../api/helpers/built-entry';
import { DEMO_PASSWORD, demoMail } from './support/login-as';
import { test } from './support/test';

// Decision 019: the login screen arrives as HTML the server rendered, shows before any script has
// run, and the script takes that very HTML over (hydration) without a change anyone could see.

/** Holds back the app's entry script until the returned function is called. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${builtEntry().script}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Records the page's layout shifts from its first paint on; read them with layoutShifts. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);

test.describe('the login screen without its scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the whole form, styled, in the layout of the viewport', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'ログイン', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'メールアドレス' })).toBeVisible();
    await expect(page.getByLabel('パスワード', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
    await expect(page).toHaveTitle('お客様ポータル | ログイン');
    // Styled: the primary button is the brand's navy, the card white.
    await expect(page.getByRole('button', { name: 'ログイン' })).toHaveCSS(
      'background-color',
      'rgb(40, 79, 138)',
    );
    // The maker's pages: links in the desktop header, the phone's menu button's place on a phone.
    await expect(page.getByRole('navigation', { name: '企業サイト' })).toBeVisible({
      visible: !isMobile,
    });
  });
});

test.describe('the login screen taken over by its scripts', () => {
  test('keeps what was typed before the scripts ran, and signs in with it', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const release = await holdEntryScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const mail = page.getByRole('textbox', { name: 'メールアドレス' });
    await mail.fill(demoMail('user'));
    await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
    // Not yet usable: a press sends nothing (a form sent without the script would put the
    // password in the address).
    const button = page.getByRole('button', { name: 'ログイン' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    // The eye button, which needs the script too, says so as well.
    await expect(page.getByRole('button', { name: 'パスワードを表示' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // Every request for a page from here on: a form sent without the script would be one.
    const pagesAsked: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) pagesAsked.push(request.url());
    });
    await button.click({ force: true });
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).search).toBe('');
    const serverInput = await mail.elementHandle();

    release();
    await expect(button).toHaveAttribute('type', 'submit');
    // The same elements, not a fresh render: the server's HTML was taken over.
    expect(await serverInput?.evaluate((element) => element.isConnected)).toBe(true);
    await expect(mail).toHaveValue(demoMail('user'));
    await expect(page.getByRole('button', { name: 'パスワードを表示' })).not.toHaveAttribute(
      'aria-disabled',
    );
    // Still no page asked for since the early press, seconds later: it sent nothing.
    expect(pagesAsked).toEqual([]);
    await button.click();
    await page.waitForURL('**/top');
    await expect(page.getByRole('heading', { name: 'TOP', level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('fetches none of the styles that came with the page @desktop-only', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'ログイン' })).toHaveAttribute('type', 'submit');
    await page.waitForLoadState('networkidle');
    const inPage = await page
      .locator('style[data-href]')
      .evaluateAll((styles) => styles.map((style) => style.getAttribute('data-href')));
    expect(inPage.length).toBeGreaterThan(1);
    expect(fetched.some((path) => /\/assets\/login-page-[^/]+\.js$/.test(path))).toBe(true);
    // Only what loads after the screen (the toasts' styles) is fetched.
    expect(fetched.filter((path) => inPage.includes(path))).toEqual([]);
  });

  test('nothing moves as the scripts take the screen over', async ({ page }) => {
    await recordLayoutShifts(page);
    const release = await holdEntryScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const box = async () => page.getByRole('button', { name: 'ログイン' }).boundingBox();
    await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
    const before = await box();
    release();
    await expect(page.getByRole('button', { name: 'ログイン' })).toHaveAttribute('type', 'submit');
    await page.waitForLoadState('networkidle');
    expect(await box()).toEqual(before);
    expect(await layoutShifts(page)).toEqual([]);
  });

  test('nothing moves while the page arrives in pieces over a slow connection', async ({
    page,
  }) => {
    await recordLayoutShifts(page);
    // About 32 KB a second, and the page uncompressed (some 80 KB): its bytes arrive in several
    // pieces, and a browser that painted the first piece alone would move the header's links
    // (laid out from the right) and the footer (centred) as the rest came in.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    /** Bytes a second the browser receives; -1 for no limit. */
    const downloadAt = (downloadThroughput: number) =>
      devtools.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput,
        uploadThroughput: -1,
      });
    await downloadAt(32 * 1024);
    await page.setExtraHTTPHeaders({ 'accept-encoding': 'identity' });
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    // The page is all there: the app's scripts may come at full speed.
    await downloadAt(-1);
    await expect(page.getByRole('button', { name: 'ログイン' })).toHaveAttribute('type', 'submit');
    await page.waitForLoadState('networkidle');
    expect(await layoutShifts(page)).toEqual([]);
  });

  test('signs in at once, even with the session of a closed tab still in the cookie @desktop-only', async ({
    page,
    baseURL,
  }) => {
    // A tab closed while signed in leaves its identity session in the cookie; the login screen
    // ends it as it starts (docs/product.md §4). A sign-in sent meanwhile must not be ended too.
    const left = await page.request.post('/api/auth/sign-in/email', {
      data: { email: demoMail('user'), password: DEMO_PASSWORD },
      headers: { origin: baseURL! },
    });
    expect(left.status()).toBe(200);
    // The screen asks the identity provider about that session on a slow link: the sign-in must
    // wait for that check, not be ended by it.
    await page.route('**/api/auth/get-session', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    const release = await holdEntryScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'メールアドレス' }).fill(demoMail('user'));
    await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
    // Pressed the moment the script has taken the form over, as a quick person would.
    await page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find(
        (element) => element.textContent?.trim() === 'ログイン',
      );
      if (!button) throw new Error('no login button');
      new MutationObserver((_, observer) => {
        if (button.getAttribute('type') !== 'submit') return;
        observer.disconnect();
        button.click();
      }).observe(button, { attributes: true });
    });
    release();
    await page.waitForURL('**/top');
    await expect(page.getByRole('region', { name: 'ご案内' })).toBeVisible({ timeout: 15_000 });
    // Still signed in once every start-up check is over: a new access token is given.
    await page.waitForLoadState('networkidle');
    const token = await page.request.get('/api/auth/token');
    expect(token.status(), await token.text()).toBe(200);
    await page.goto('/orders');
    await expect(page.getByText(/全検索結果 ([\d,]+) 件/)).toBeVisible({ timeout: 15_000 });
  });

  test('a tab that is signed in goes on to the top page from /login @desktop-only', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'メールアドレス' }).fill(demoMail('user'));
    await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL('**/top');
    await page.goto('/login');
    await page.waitForURL('**/top');
    await expect(page.getByRole('heading', { name: 'TOP', level: 1 })).toBeVisible();
  });
});
