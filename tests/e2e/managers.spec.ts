import { expect as baseExpect, type Page, type TestInfo } from '@playwright/test';
import { editRow } from './support/edit-rows';
import { type DemoAccount, goToScreen, loginAs } from './support/login-as';
import { test } from './support/test';

// Saves, reloads and sign-ins take a few seconds on a busy machine; no step waits longer than it must.
const expect = baseExpect.configure({ timeout: 15_000 });

const uniqueMail = (testInfo: TestInfo, who: string) =>
  `e2e-${testInfo.project.name}-${who}-${Date.now()}@example.com`;

/** Opens the user administration: signed in as `account` first when given (straight onto it). */
async function openManagers(page: Page, account?: DemoAccount) {
  await goToScreen(page, '/managers', account);
  await expect(page).toHaveTitle('お客様ポータル | ユーザー管理');
}

async function addUser(
  page: Page,
  values: { mail: string; name: string; customerCode: string; userTypeId: string },
) {
  const add = page.getByRole('button', { name: '新規追加' });
  await add.click();
  await expect(add).toBeDisabled();
  const row = editRow(page, '新規の利用者');
  await row.getByRole('textbox', { name: 'メールアドレス' }).fill(values.mail);
  await row.getByRole('textbox', { name: '氏名' }).fill(values.name);
  await row.getByRole('combobox', { name: '取引先コード' }).selectOption(values.customerCode);
  await row.getByRole('combobox', { name: '権限' }).selectOption(values.userTypeId);
  await row.getByRole('button', { name: '登録' }).click();
  return row;
}

/** Adds, edits and deletes one user of customer 10002, checking each step's toast. */
async function addEditAndDelete(page: Page, mail: string) {
  const name = 'E2E 利用者';
  await addUser(page, { mail, name, customerCode: '10002', userTypeId: '2' });
  await expect(
    page.getByText(
      `${name}様を登録しました。メールが届かない場合はメールアドレスをご確認ください。`,
    ),
  ).toBeVisible();
  const row = editRow(page, `${mail}（10002）`);
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: '新規追加' })).toBeEnabled();

  await row.getByRole('textbox', { name: '氏名' }).fill('E2E 変更後');
  await row.getByRole('combobox', { name: '権限' }).selectOption('1');
  await row.getByRole('button', { name: '登録' }).click();
  await expect(page.getByText('E2E 変更後様の登録内容を更新しました。')).toBeVisible();
  await expect(row.getByRole('button', { name: '登録' })).toBeDisabled();

  await row.getByRole('button', { name: '削除' }).click();
  const dialog = page.getByRole('dialog', { name: '削除の確認' });
  await expect(dialog.getByText(mail)).toBeVisible();
  await expect(dialog.getByText('E2E 変更後', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/^10002: /)).toBeVisible();
  await expect(dialog.getByText('管理者', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: '削除する' }).click();
  await expect(page.getByText('E2E 変更後様を削除しました。')).toBeVisible();
  await expect(row).toHaveCount(0);
}

test.describe('the managers page', () => {
  // Each test signs in through the form (one or two people) and saves several times.
  test.describe.configure({ timeout: 90_000 });

  test('a corporate administrator adds, edits and deletes a user of their corporation', async ({
    page,
  }, testInfo) => {
    await openManagers(page, 'admin');
    await expect(page.getByRole('combobox', { name: '表示する取引先コード' })).toHaveValue('all');
    await expect(editRow(page, 'user@example.com（10001）')).toBeVisible();

    await addEditAndDelete(page, uniqueMail(testInfo, 'admin'));
  });

  test('staff choose a customer, then add, edit and delete one of its users @desktop-only', async ({
    page,
  }, testInfo) => {
    await openManagers(page, 'staff');
    await expect(page.getByText('表示する取引先コードを選択してください')).toBeVisible();
    await expect(page.getByRole('button', { name: '新規追加' })).toHaveCount(0);

    await page.getByRole('combobox', { name: '表示する取引先コード' }).selectOption('10002');
    await expect(page.getByText('表示する取引先コードを選択してください')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '新規追加' })).toBeVisible();

    await addEditAndDelete(page, uniqueMail(testInfo, 'staff'));
  });

  test('a duplicate mail gets the 409 toast and its cell is marked @desktop-only', async ({
    page,
  }) => {
    await openManagers(page, 'admin');
    await expect(editRow(page, 'user@example.com（10001）')).toBeVisible();

    const row = await addUser(page, {
      mail: 'user@example.com',
      name: '鈴木 花子',
      customerCode: '10001',
      userTypeId: '2',
    });
    await expect(
      page.getByText('入力したメールアドレスは既に登録されています。', { exact: true }),
    ).toBeVisible();
    await expect(row.getByRole('textbox', { name: 'メールアドレス' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(row.getByRole('button', { name: '登録' })).toBeDisabled();

    // The unsaved row goes without a question.
    await row.getByRole('button', { name: '削除' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(editRow(page, '新規の利用者')).toHaveCount(0);
  });

  test('a general user cannot reach the page @desktop-only', async ({ page }) => {
    await loginAs(page, 'user');
    await expect(page.getByRole('link', { name: 'ユーザー管理' })).toHaveCount(0);
    await page.goto('/managers');
    await page.waitForURL('**/permission-denied');
    await expect(page.getByText('このページにアクセスする権限がありません。')).toBeVisible();
  });
});
