import { expect as baseExpect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/login-as';
import { test } from './support/test';

// The account page at both viewports — reached from the header, a notification turned
// off (and still off after a reload), the password changed and the new one signing in, the
// sign-in history showing this browser's sign-ins. Each project has its own account
// (tests/e2e/support/prepare-e2e-data.ts), since the password changes.

const expect = baseExpect.configure({ timeout: 15_000 });
const NEW_PASSWORD = 'N3w-secret!';

async function signIn(page: Page, mail: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(mail);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  // The top page, or the screen the person signed out from (the login screen returns there).
  await page.waitForURL(/\/(top|account)$/);
}

test('the account page: notification, password change, sign-in history', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const mail = `account-${testInfo.project.name}@example.com`;
  await signIn(page, mail, DEMO_PASSWORD);

  // From the header's menu entry, on either layout.
  await page.getByRole('banner').getByRole('link', { name: 'アカウント設定' }).click();
  await page.waitForURL('**/account');
  await expect(page).toHaveTitle('お客様ポータル | アカウント設定');
  await expect(page.getByRole('heading', { name: 'アカウント設定', level: 1 })).toBeVisible();
  await expect(page.getByText(mail)).toBeVisible();

  // The sign-in just made is the newest of the history.
  const history = page.getByRole('region', { name: 'ログイン履歴' });
  const newest =
    testInfo.project.name === 'desktop'
      ? history.getByRole('row').nth(1)
      : history.getByRole('listitem').first();
  await expect(newest).toContainText('成功');
  await expect(newest).toContainText('Chrome');

  // Shipment notification of customer 10001: on by default, turned off, still off after a reload.
  const shipmentMails = page.getByRole('region', { name: '出荷通知メール' });
  const notification = shipmentMails.getByRole('switch', { name: /^10001: / });
  await expect(notification).toBeChecked();
  await notification.click({ force: true });
  await expect(page.getByText('取引先コード 10001 の出荷通知をオフにしました。')).toBeVisible();
  await page.reload();
  await expect(shipmentMails.getByRole('switch', { name: /^10001: / })).not.toBeChecked();

  await page.screenshot({
    path: testInfo.outputPath('account.png'),
    fullPage: true,
  });

  // A wrong current password is told; then the change.
  const form = page.getByRole('region', { name: 'パスワードの変更' });
  await form.getByLabel('現在のパスワード', { exact: true }).fill('Wrong-pass1!');
  await form.getByLabel('新しいパスワード', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('新しいパスワード（確認）', { exact: true }).fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(form.getByText('現在のパスワードが正しくありません。')).toBeVisible();
  await page.screenshot({
    path: testInfo.outputPath('account-password-error.png'),
  });

  await form.getByLabel('現在のパスワード', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(page.getByText('パスワードを変更しました。')).toBeVisible();
  // The page keeps working on the renewed session.
  await page.reload();
  await expect(page.getByText(mail)).toBeVisible();

  // The failed attempt is in the history (newest first: the wrong password counts as a failed
  // sign-in only at the sign-in form, so sign out and try the old password once).
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await page.waitForURL('**/login');
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(mail);
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByText('メールアドレスまたはパスワードが正しくありません。')).toBeVisible();

  await signIn(page, mail, NEW_PASSWORD);
  await page.goto('/account');
  const rows =
    testInfo.project.name === 'desktop'
      ? page.getByRole('region', { name: 'ログイン履歴' }).getByRole('row')
      : page.getByRole('region', { name: 'ログイン履歴' }).getByRole('listitem');
  const first = testInfo.project.name === 'desktop' ? 1 : 0;
  await expect(rows.nth(first)).toContainText('成功');
  await expect(rows.nth(first + 1)).toContainText('失敗（パスワードの誤り）');
  await page.screenshot({
    path: testInfo.outputPath('account-history.png'),
    fullPage: true,
  });
});
