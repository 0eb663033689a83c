import { expect as baseExpect, type Page, type Request } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { DEMO_PASSWORD, loginAs } from './support/login-as';
import { test } from './support/test';

// Whose data a screen shows: a person holding two customer codes switches between them from the
// header (a phone: its menu) without signing out; staff keep their chosen customer from screen to
// screen and in the address; a link naming a customer the person may not see shows their own.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const HONSHA = '10001: 株式会社東和ルーフ 本社';

/** The customer code of an orders search the page sends. */
function searchedCustomer(request: Request): number | null {
  if (!request.url().endsWith('/api/v1/spec/search-result-ledgerItem')) return null;
  return (request.postDataJSON() as { customer_code: number }).customer_code;
}

async function signInAsMulti(page: Page) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill('multi@example.com');
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL('**/login-tenant');
  await page.getByLabel('ログインする取引先を選択してください').selectOption('10001');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL('**/top');
}

/** Opens the side navigation's entry: on a phone behind the hamburger. */
async function openMenuEntry(page: Page, isMobile: boolean, name: string) {
  if (isMobile) await page.getByRole('button', { name: 'メニュー' }).click();
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name, exact: true })
    .click();
}

test('a person holding two customer codes switches between them without signing out', async ({
  page,
  isMobile,
}) => {
  await signInAsMulti(page);
  await page.goto('/orders');
  const searches: number[] = [];
  page.on('request', (request) => {
    const code = searchedCustomer(request);
    if (code !== null) searches.push(code);
  });
  await expect(page.getByText(/全検索結果/)).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByText('株式会社東和ルーフ 本社 様')).toBeVisible();

  // The header's customer name on a desktop, the menu behind the hamburger on a phone.
  if (isMobile) {
    await page.getByRole('button', { name: 'メニュー' }).click();
    await page.getByRole('button', { name: '取引先を切り替える', exact: true }).click();
  } else {
    await banner.getByRole('button', { name: /取引先を切り替える/ }).click();
  }
  const dialog = page.getByRole('dialog', { name: '取引先の切り替え' });
  const select = dialog.getByLabel('表示する取引先を選択してください');
  // The customer shown now is said in full; the choice is among the others.
  await expect(dialog.getByText(`表示中の取引先：${HONSHA}`)).toBeVisible();
  await expect(select.locator('option', { hasText: '10001:' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the customer switch', { within: [dialog] });

  const searched = page.waitForRequest((request) => searchedCustomer(request) === 10002);
  await select.selectOption('10002');
  await dialog.getByRole('button', { name: '切り替える', exact: true }).click();
  await searched;
  await expect(dialog).toBeHidden();
  await expect(banner.getByText('株式会社東和ルーフ 関西営業所 様')).toBeVisible();
  await expect(
    page.getByText('10002: 株式会社東和ルーフ 関西営業所 に切り替えました。'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText(/全検索結果/)).toBeVisible();
  await expectNoAxeViolations(page, 'the orders screen after a switch');

  // The tab keeps the customer chosen: a reload and another screen read 10002's data.
  searches.length = 0;
  await page.reload();
  await expect(banner.getByText('株式会社東和ルーフ 関西営業所 様')).toBeVisible();
  await expect.poll(() => searches).toContain(10002);
  expect(searches).not.toContain(10001);
});

test('staff keep their chosen customer across orders, shared files and user administration, in the address', async ({
  page,
  isMobile,
}) => {
  await loginAs(page, 'staff', '/shared-files');
  const select = page.getByRole('combobox', { name: '取引先コード' });
  await select.click();
  await select.fill('10001');
  await page.getByRole('option', { name: /^10001: / }).click();
  await expect(page).toHaveURL(/\/shared-files\?customer=10001$/);

  await openMenuEntry(page, isMobile, '注文一覧');
  await expect(page).toHaveURL(/\/orders\?customer=10001&/);
  await expect(page.getByRole('combobox', { name: '取引先コード' })).toHaveValue(/^10001: /);
  await expect(page.getByText(/全検索結果/)).toBeVisible();

  await openMenuEntry(page, isMobile, 'ユーザー管理');
  await expect(page).toHaveURL(/\/managers\?customer=10001$/);
  await expect(page.getByRole('combobox', { name: '表示する取引先コード' })).toHaveValue('10001');

  // Another customer chosen here is the one of the other screens too.
  await page.getByRole('combobox', { name: '表示する取引先コード' }).selectOption('20001');
  await expect(page).toHaveURL(/\/managers\?customer=20001$/);
  await openMenuEntry(page, isMobile, '共有ファイル');
  await expect(page).toHaveURL(/\/shared-files\?customer=20001$/);
  await expect(page.getByRole('combobox', { name: '取引先コード' })).toHaveValue(/^20001: /);

  // A link names its customer: it opens that one, and it becomes the one of the other screens.
  await page.goto('/orders?customer=10002');
  await expect(page.getByRole('combobox', { name: '取引先コード' })).toHaveValue(/^10002: /);
  await openMenuEntry(page, isMobile, 'ユーザー管理');
  await expect(page).toHaveURL(/\/managers\?customer=10002$/);
});

test('a link naming a customer the person may not see shows their own customer @desktop-only', async ({
  page,
}) => {
  await loginAs(page, 'user');
  const searches: Request[] = [];
  page.on('request', (request) => {
    if (searchedCustomer(request) !== null) searches.push(request);
  });
  await page.goto('/orders?customer=20001');
  await expect(page.getByText(/全検索結果/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: '取引先コード' })).toHaveCount(0);
  expect(searches.length).toBeGreaterThan(0);
  expect(new Set(searches.map(searchedCustomer))).toEqual(new Set([10001]));

  // The server decides from the session, not from the request: the same search for 20001 is
  // refused.
  const own = searches[0]!;
  const refused = await page.request.post(own.url(), {
    headers: { authorization: (await own.allHeaders()).authorization! },
    data: { ...(own.postDataJSON() as object), customer_code: 20001 },
  });
  expect(refused.status()).toBe(403);
});
