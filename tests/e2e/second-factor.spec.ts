import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect as baseExpect, type Page } from '@playwright/test';
import { totpCode } from '../../server/identity/totp';
import { expectNoAxeViolations } from './support/axe';
import { DEMO_PASSWORD } from './support/login-as';
import { waitUntilReady } from './support/server-ready';
import { test } from './support/test';

// The second factor in the browser, on a server of this spec's own with
// STAFF_SECOND_FACTOR=required (the shared e2e server runs with `optional`, so that the other
// specs sign staff in without a factor; docs/decisions/016). Each project (desktop, phone) gets
// its own server and data, so each enrols the demo staff account anew.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 240_000 });
// The server copies the run's prepared data, or prepares its own (minutes on a busy machine).
const START_MS = 450_000;

let server: ChildProcess | undefined;
let root = '';
let base = '';
const shots = process.env.SECOND_FACTOR_SHOTS ?? '';

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures from this pattern.
test.beforeAll(async ({}, workerInfo) => {
  test.setTimeout(START_MS + 30_000);
  const port = Number(process.env.E2E_PORT ?? 3100) + 50 + workerInfo.parallelIndex;
  root = mkdtempSync(join(tmpdir(), 'second-factor-e2e-'));
  const log = join(root, 'server.log');
  base = `http://127.0.0.1:${port}`;
  // On the embedded PGlite in its DATA_DIR, whatever DATABASE_URL says: e2e-server.mjs empties
  // the database it is given, and on PostgreSQL that is the shared e2e server's (its identity keys
  // went with it, and every later sign-in failed). The second factor on PostgreSQL is the API
  // tests' (tests/api/second-factor.test.ts).
  const { DATABASE_URL: _shared, ...env } = process.env;
  server = spawn('node', ['scripts/e2e-server.mjs'], {
    env: {
      ...env,
      E2E_PORT: String(port),
      E2E_DATA_DIR: join(root, 'data'),
      STAFF_SECOND_FACTOR: 'required',
      E2E_IDENTITY_PROVIDER: '',
      // A copy of the data the run's own server prepared (scripts/e2e-server.mjs), not a new seed.
      E2E_PREPARED_DIR: `${process.env.E2E_DATA_DIR}-prepared`,
      E2E_PREPARED_REUSE: '1',
    },
    // Its output goes to server.log beside its data (read it when the start fails).
    stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')],
    detached: true,
  });
  await waitUntilReady(
    base,
    Date.now() + START_MS,
    `the second-factor e2e server did not start (see ${log})`,
    () => server?.exitCode !== null,
  );
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    try {
      process.kill(-server.pid, 'SIGTERM');
      // Its data is removed once it has stopped writing to it.
      await exited;
    } catch {
      // already gone
    }
  }
  rmSync(root, { recursive: true, force: true });
});

async function submitPassword(page: Page, mail: string) {
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(mail);
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

async function shot(page: Page, name: string, isMobile: boolean) {
  if (!shots) return;
  await page.screenshot({
    path: join(shots, `${name}-${isMobile ? 'phone' : 'desktop'}.png`),
    fullPage: true,
  });
}

/** A fresh browser (no cookies, no stored session) at this project's viewport. */
async function freshPage(
  browser: Browser,
  isMobile: boolean,
  viewport: { width: number; height: number } | null,
) {
  const context = await browser.newContext({
    ...(viewport ? { viewport } : {}),
    isMobile,
    hasTouch: isMobile,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  return context.newPage();
}

let secret = '';
let backupCodes: string[] = [];

/** The set-up key's groups of four that a line break cuts, and whether the key overflows its box. */
async function keyLayout(page: Page) {
  return page.getByTestId('second-factor-secret').evaluate((key) => ({
    // A group is cut when its first and last letters sit on different lines.
    cutGroups: [...key.querySelectorAll('span')]
      .filter((group) => {
        const letters = group.firstChild!;
        const top = (at: number) => {
          const range = document.createRange();
          range.setStart(letters, at);
          range.setEnd(letters, at + 1);
          return range.getBoundingClientRect().top;
        };
        return top(0) !== top(3);
      })
      .map((group) => group.textContent),
    lines: new Set([...key.querySelectorAll('span')].map((g) => g.getBoundingClientRect().top))
      .size,
    overflows: key.scrollWidth > key.clientWidth,
  }));
}

test('the set-up screen keeps its key on a reload, makes a new one only on request, and signs out', async ({
  page,
  isMobile,
}) => {
  await submitPassword(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/second-factor-setup$/);
  const key = page.getByTestId('second-factor-secret');
  await expect(key).toHaveText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const first = await key.innerText();
  // A phone's narrow card breaks the key between its groups, never inside one.
  const layout = await keyLayout(page);
  expect(layout.cutGroups).toEqual([]);
  expect(layout.overflows).toBe(false);
  if (isMobile) expect(layout.lines).toBeGreaterThan(1);

  // A reload shows the same key, saying so: it may already be in the person's app.
  await page.reload();
  await expect(key).toHaveText(first);
  await expect(
    page.getByRole('status').filter({ hasText: 'もう一度表示しています' }),
  ).toBeVisible();

  // A new key only on request, which says the old one no longer works.
  await page.getByRole('button', { name: '新しいキーを発行する' }).click();
  await expect(
    page.getByText('新しいキーを発行しました。前のキーは使えません。', { exact: false }),
  ).toBeVisible();
  await expect(key).not.toHaveText(first);
  await expect(key).toHaveText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  await expectNoAxeViolations(page, 'second factor enrolment with a new key');

  // ログアウト leaves without setting it up: the login screen, and no session behind it.
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: 'メールアドレス' })).toBeVisible();
  await expect
    .poll(async () => (await page.request.get(`${base}/api/auth/token`)).status())
    .toBe(401);
});

test('staff without a factor reach only the enrolment, then enrol with a code read from the screen', async ({
  page,
  isMobile,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  // The browser's print dialog is not the portal's: count the calls instead of opening it.
  await page.addInitScript(() => {
    const counted = window as { printed?: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed = (counted.printed ?? 0) + 1;
    };
  });
  await submitPassword(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/second-factor-setup$/);
  await expect(page.getByRole('heading', { name: '2段階認証の設定', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: '2段階認証の設定用QRコード' })).toBeVisible();
  await expect(page.getByTestId('second-factor-secret')).toHaveText(
    /^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/,
  );
  await shot(page, 'setup', isMobile);
  await expectNoAxeViolations(page, 'second factor enrolment');

  // No other screen: the server gives this session no access token, and the app, opened at
  // another screen, is at the login screen.
  const token = await page.request.get(`${base}/api/auth/token`);
  expect(token.status()).toBe(403);
  await page.goto(`${base}/orders`);
  await expect(page).toHaveURL(/\/login$/);

  // Signing in again leads there again; a wrong code is refused with the message.
  await submitPassword(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/second-factor-setup$/);
  secret = (await page.getByTestId('second-factor-secret').innerText()).replace(/\s/g, '');
  const code = page.getByRole('textbox', { name: '確認コード' });
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(totpCode(secret, Date.now() + 10 * 60_000));
  await page.getByRole('button', { name: '設定する' }).click();
  await expect(page.getByText('確認コードが正しくありません。')).toBeVisible();

  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: '設定する' }).click();
  const list = page.getByTestId('backup-code');
  await expect(list).toHaveCount(10);
  backupCodes = await list.allInnerTexts();
  await expect(page.getByText('この画面を閉じると二度と表示されません。')).toBeVisible();
  await shot(page, 'backup-codes', isMobile);
  await expectNoAxeViolations(page, 'second factor backup codes');

  // Kept three ways: copied (one code a line), saved as a text file, printed (the codes alone).
  await page.getByRole('button', { name: 'コピー', exact: true }).click();
  await expect(page.getByRole('button', { name: 'コピーしました' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(backupCodes.join('\n'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'ダウンロード' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('backup-codes.txt');
  const text = readFileSync(await saved.path(), 'utf8');
  expect(text.split('\r\n').filter((line) => /^[0-9a-z-]+$/i.test(line))).toEqual(backupCodes);
  await page.getByRole('button', { name: '印刷' }).click();
  expect(await page.evaluate(() => (window as { printed?: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: '2段階認証の設定', level: 1 })).toBeHidden();
  await expect(list.first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'ログインを続ける' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  // On to the screen first asked for (the orders, before the enrolment was done).
  await page.getByRole('button', { name: 'ログインを続ける' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: '注文一覧', level: 1 })).toBeVisible();
});

test('sign-in asks for the code after the password; trusting the browser skips it next time', async ({
  browser,
  isMobile,
  viewport,
}) => {
  const page = await freshPage(browser, isMobile, viewport);
  await submitPassword(page, 'staff@example.com');
  const code = page.getByRole('textbox', { name: '確認コード' });
  await expect(code).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await shot(page, 'code-step', isMobile);
  await expectNoAxeViolations(page, 'second factor code step');

  await code.fill('000000');
  await page.getByRole('button', { name: '確認', exact: true }).click();
  await expect(page.getByText('確認コードが正しくありません。')).toBeVisible();
  await expectNoAxeViolations(page, 'second factor code step with an error');

  // The next step's code: the enrolment used this step's.
  await code.fill(totpCode(secret, Date.now() + 30_000));
  await page.getByLabel('このブラウザを30日間信頼する').check();
  await page.getByRole('button', { name: '確認', exact: true }).click();
  await expect(page).toHaveURL(/\/top$/);
  await expect(page.getByRole('heading', { name: 'TOP', level: 1 })).toBeVisible();
  // The cookie goes only to the sign-in routes (Path=/api/auth).
  const cookies = await page.context().cookies(`${base}/api/auth/sign-in/email`);
  const trust = cookies.find((c) => c.name === 'portal.trusted_browser');
  expect(trust?.httpOnly).toBe(true);
  expect(trust?.sameSite).toBe('Lax');
  expect(trust!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);

  // A new tab of this browser after the first is closed: signed out, and the password suffices.
  const context = page.context();
  await page.close();
  const again = await context.newPage();
  await submitPassword(again, 'staff@example.com');
  await expect(again).toHaveURL(/\/top$/);
  await context.close();
});

test('a backup code signs in once instead of the code @desktop-only', async ({
  browser,
  isMobile,
  viewport,
}) => {
  const page = await freshPage(browser, isMobile, viewport);
  await submitPassword(page, 'staff@example.com');
  await expect(page.getByRole('textbox', { name: '確認コード' })).toBeVisible();
  await page.getByRole('button', { name: 'バックアップコードを使う' }).click();
  const input = page.getByRole('textbox', { name: 'バックアップコード' });
  await input.fill(backupCodes[0]!);
  await page.getByRole('button', { name: '確認', exact: true }).click();
  await expect(page).toHaveURL(/\/top$/);
  await page.context().close();

  const second = await freshPage(browser, isMobile, viewport);
  await submitPassword(second, 'staff@example.com');
  await second.getByRole('button', { name: 'バックアップコードを使う' }).click();
  await second.getByRole('textbox', { name: 'バックアップコード' }).fill(backupCodes[0]!);
  await second.getByRole('button', { name: '確認', exact: true }).click();
  await expect(second.getByText('バックアップコードが正しくありません。')).toBeVisible();
  await expect(second).toHaveURL(/\/login$/);
  await second.context().close();
});
