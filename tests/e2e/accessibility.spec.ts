import { expect as baseExpect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { DEMO_PASSWORD, type DemoAccount, loginAs } from './support/login-as';
import { openFirstOrderLine } from './support/order-detail';
import { test } from './support/test';

// axe-core (WCAG 2.1 A and AA) over every screen and dialog, at both viewports (the projects),
// for each role. Violations are soft failures, printed one node a line, so that one run
// lists them all.
const expect = baseExpect.configure({ timeout: 30_000 });

const title = (pageName: string) => `お客様ポータル | ${pageName}`;

async function open(page: Page, path: string, pageName: string) {
  await page.goto(path);
  await expect(page).toHaveTitle(title(pageName));
}

test.describe('screens before sign-in', () => {
  test('login, password reset request and mail sent', async ({ page }) => {
    // Three screens, each scanned by axe: more than the default 30 s on a busy machine.
    test.slow();
    await open(page, '/login', 'ログイン');
    await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
    await expectNoAxeViolations(page, 'login');

    // The form's own error messages.
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expectNoAxeViolations(page, 'login with errors');

    await open(page, '/mail-reset-password', 'パスワード再設定');
    await expectNoAxeViolations(page, 'password reset request');
    await page.getByRole('textbox', { name: 'メールアドレス' }).fill('user@example.com');
    await page.getByRole('button', { name: '送信' }).click();
    await expect(page).toHaveTitle(title('メール送信完了'));
    await expectNoAxeViolations(page, 'mail sent');
  });

  test('tenant choice of multi@example.com', async ({ page }) => {
    await open(page, '/login', 'ログイン');
    await page.getByRole('textbox', { name: 'メールアドレス' }).fill('multi@example.com');
    await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page).toHaveURL(/\/login-tenant$/);
    await expect(page).toHaveTitle(title('ログイン先の選択'));
    await expectNoAxeViolations(page, 'tenant choice');
  });
});

async function checkTop(page: Page, who: string) {
  await expectNoAxeViolations(page, `top (${who})`);
}

async function checkOrders(page: Page, who: string, isMobile: boolean, staff: boolean) {
  await open(page, '/orders', '注文一覧');
  if (staff) {
    // Staff choose a customer first (its prompt, then its combobox's options).
    await expect(page.getByText('表示する取引先コードを選択してください。')).toBeVisible();
    await expectNoAxeViolations(page, `orders before a customer is chosen (${who})`);
    await page.getByRole('combobox', { name: '取引先コード' }).click();
    await expect(page.getByRole('option', { name: /^10001: / })).toBeVisible();
    await expectNoAxeViolations(page, `orders customer choice (${who})`);
    await page.getByRole('option', { name: /^10001: / }).click();
  }
  await expect(page.getByText(/全検索結果 ([\d,]+) 件/)).toBeVisible();
  await expectNoAxeViolations(page, `orders (${who})`);

  await page.getByRole('button', { name: '絞り込み' }).click();
  const panel = page.getByRole('dialog', { name: '絞り込み条件' });
  await expect(panel).toBeVisible();
  // The page behind was scanned just above, unchanged: the panel alone.
  await expectNoAxeViolations(page, `orders filter panel (${who})`, { within: [panel] });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  const detail = await openFirstOrderLine(page, isMobile);
  await expectNoAxeViolations(page, `orders detail (${who})`, { within: [detail] });
  await page.getByRole('button', { name: '詳細を閉じる' }).click();
  await expect(detail).toBeHidden();

  if (!isMobile) {
    // A bulk download's confirmation (100 lines or more) or its result (fewer).
    await page.getByRole('checkbox', { name: 'すべて選択' }).check();
    const bulk = page.getByRole('group', { name: '一括ダウンロード' });
    await bulk.getByRole('button', { name: '請求書' }).click();
    const dialog = page.getByRole('dialog', {
      name: /一括ダウンロードの確認|ダウンロード結果|ご注意|一括ダウンロード/,
    });
    await expect(dialog).toBeVisible();
    // What the selection changed: the dialog, the bulk buttons, the offer to select the whole
    // search, and the lines now checked, of which the header and the first three stand for all.
    const offer = page.getByRole('status', { name: '検索結果の選択' });
    const table = page.getByRole('table', { name: '注文明細' });
    await expectNoAxeViolations(page, `orders download dialog (${who})`, {
      within: [
        dialog,
        bulk,
        ...((await offer.count()) > 0 ? [offer] : []),
        table.locator('thead, tbody > tr:nth-child(-n+3)'),
      ],
    });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
}

async function checkSharedFiles(page: Page, who: string) {
  await open(page, '/shared-files', '共有ファイル');
  await expectNoAxeViolations(page, `shared files (${who})`);
}

async function checkManagers(page: Page, who: string, staff: boolean) {
  if (staff) {
    // The screen before any customer is chosen: staff's choice on the orders screen is kept for
    // the tab and would open this one on it, so the tab forgets it first.
    await page.evaluate(() => window.sessionStorage.removeItem('chosenCustomer'));
  }
  await open(page, '/managers', 'ユーザー管理');
  if (staff) {
    await expect(page.getByText('表示する取引先コードを選択してください')).toBeVisible();
    await expectNoAxeViolations(page, `managers before a customer is chosen (${who})`);
    await page.getByRole('combobox', { name: '表示する取引先コード' }).selectOption('10001');
  }
  await expect(page.getByRole('button', { name: '削除' }).first()).toBeVisible();
  await expectNoAxeViolations(page, `managers (${who})`);
  // A saved row's delete asks first; the question is answered いいえ.
  const enabled = page.locator('button:not([disabled])', { hasText: /^削除$/ });
  await enabled.last().click();
  const dialog = page.getByRole('dialog', { name: '削除の確認' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, `managers delete confirmation (${who})`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** The account page, and its password form's own messages. */
async function checkAccount(page: Page, who: string) {
  await open(page, '/account', 'アカウント設定');
  await expect(page.getByRole('switch').first()).toBeVisible();
  await expect(page.getByText('成功').first()).toBeVisible();
  await expectNoAxeViolations(page, `account (${who})`);
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(page.getByText('現在のパスワードを入力してください。')).toBeVisible();
  await expectNoAxeViolations(page, `account password form with errors (${who})`);
}

/** The audit view with its events (staff and corporate administrators). */
async function checkAudit(page: Page, who: string) {
  await open(page, '/audit', '操作履歴');
  await expect(page.getByText(/^全[\d,]+件|件以上/).first()).toBeVisible();
  await expectNoAxeViolations(page, `audit (${who})`);
}

async function checkPermissionDenied(page: Page, path: string, who: string) {
  await page.goto(path);
  await page.waitForURL('**/permission-denied');
  await expect(page.getByText('このページにアクセスする権限がありません。')).toBeVisible();
  await expectNoAxeViolations(page, `permission denied (${who})`);
}

const roles: { account: DemoAccount; who: string }[] = [
  { account: 'user', who: 'general user' },
  { account: 'admin', who: 'corporate admin' },
  { account: 'staff', who: 'staff' },
];

for (const { account, who } of roles) {
  test(`signed-in screens of a ${who}`, async ({ page, isMobile }) => {
    // Every screen and dialog of the role, each scanned by axe (with /account and /audit, over three
    // minutes on a busy two-core machine).
    test.setTimeout(360_000);
    await loginAs(page, account);
    await checkTop(page, who);
    await checkOrders(page, who, isMobile, account === 'staff');
    await checkSharedFiles(page, who);
    await checkAccount(page, who);
    if (account === 'user') {
      await checkPermissionDenied(page, '/managers', who);
      await checkPermissionDenied(page, '/audit', who);
    } else {
      await checkManagers(page, who, account === 'staff');
      await checkAudit(page, who);
    }
    if (account === 'admin') await checkPermissionDenied(page, '/edit-top', who);
    if (account === 'staff') {
      await open(page, '/edit-top', 'トップページ編集');
      await expectNoAxeViolations(page, `edit-top (${who})`);
    }
  });
}
