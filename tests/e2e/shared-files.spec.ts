import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { loginAs } from './support/login-as';
import { test } from './support/test';

// The demo data (db/seed/shared-tree.ts): customer 10001 has a nested Shared tree and a folder of
// 120 entries; customer 40001 has an empty Shared folder.

const CHOOSE_CUSTOMER_MESSAGE = '閲覧したい取引先コードを選択してください';
const NO_FILES_MESSAGE = 'ファイルが存在しません';

async function openSharedFiles(page: Page) {
  // Through the side navigation, as a person would (on a phone it sits behind the menu button).
  const burger = page.getByRole('button', { name: 'メニュー', exact: true });
  if (await burger.isVisible()) await burger.click();
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '共有ファイル' })
    .click();
  await page.waitForURL('**/shared-files');
  await expect(page).toHaveTitle('お客様ポータル | 共有ファイル');
}

const tiles = (page: Page) => page.getByRole('list', { name: 'フォルダとファイル' });
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'フォルダの階層' });
const currentLevel = (page: Page) => breadcrumb(page).locator('[aria-current="page"]');
const folderParam = (page: Page) => new URL(page.url()).searchParams.get('folder');

async function openFolder(page: Page, name: string) {
  await tiles(page).getByRole('link', { name, exact: true }).click();
  await expect(currentLevel(page)).toHaveText(name);
}

async function chooseCustomer(page: Page, code: string) {
  const select = page.getByRole('combobox', { name: '取引先コード' });
  await select.click();
  await select.fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code}: `) }).click();
}

test.describe('the shared files page', () => {
  test('a user opens nested folders and goes back and forward with the browser', async ({
    page,
  }) => {
    await loginAs(page, 'user');
    await openSharedFiles(page);
    await expect(currentLevel(page)).toHaveText('すべてのファイル');
    await expect(
      tiles(page).getByRole('button', { name: 'はじめにお読みください.txt' }),
    ).toBeVisible();

    // A short Japanese name keeps to one line, not 施工マニュア / ル (three tiles a row on a phone).
    const lines = await tiles(page)
      .getByRole('link', { name: '施工マニュアル', exact: true })
      .getByText('施工マニュアル')
      .evaluate((name) => {
        const style = getComputedStyle(name);
        return name.getBoundingClientRect().height / Number.parseFloat(style.lineHeight);
      });
    expect(lines).toBeLessThan(1.5);

    await openFolder(page, '施工マニュアル');
    await openFolder(page, '太陽光架台');
    await openFolder(page, 'SR-200');
    expect(folderParam(page)).toBe('施工マニュアル/太陽光架台/SR-200');
    await expect(
      tiles(page).getByRole('button', { name: 'SR-200 施工マニュアル.pdf' }),
    ).toBeVisible();

    await page.goBack();
    await expect(currentLevel(page)).toHaveText('太陽光架台');
    await expect(tiles(page).getByRole('link', { name: 'SPM-450', exact: true })).toBeVisible();
    await page.goBack();
    await expect(currentLevel(page)).toHaveText('施工マニュアル');
    expect(folderParam(page)).toBe('施工マニュアル');
    await page.goForward();
    await expect(currentLevel(page)).toHaveText('太陽光架台');
  });

  test('the breadcrumb menu lists the levels above those shown and opens one', async ({
    page,
  }, testInfo) => {
    await loginAs(page, 'admin');
    await openSharedFiles(page);
    await openFolder(page, '施工マニュアル');
    await openFolder(page, '太陽光架台');
    await openFolder(page, 'SR-200');

    // docs/product.md §2: a desktop shows the last three levels, a phone the last one.
    const phone = testInfo.project.name === 'phone';
    const hidden = phone
      ? ['すべてのファイル', '施工マニュアル', '太陽光架台']
      : ['すべてのファイル'];
    for (const name of phone ? [] : ['施工マニュアル', '太陽光架台']) {
      await expect(breadcrumb(page).getByRole('link', { name, exact: true })).toBeVisible();
    }
    await breadcrumb(page).getByRole('button', { name: '上の階層' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(hidden);

    await menu.getByRole('menuitem', { name: 'すべてのファイル' }).click();
    await expect(currentLevel(page)).toHaveText('すべてのファイル');
    expect(folderParam(page)).toBeNull();
    await expect(breadcrumb(page).getByRole('button', { name: '上の階層' })).toHaveCount(0);
  });

  test('two long names that differ at their end are told apart on their tiles; a folder name keeps its _ and descenders', async ({
    page,
  }) => {
    const version = (n: number) =>
      `令和8年度_太陽光発電設備用架台_SPM-450シリーズ_施工要領書_改訂_第${n}版.pdf`;
    await page.route('**/api/v1/shared-file/get-shared-filename', async (route) => {
      const response = await route.fetch();
      const real = (await response.json()) as { items: { file_path: string }[]; total: number };
      const folder = real.items[0]!.file_path.split('/').slice(0, -1).join('/');
      const extra = [11, 12].map((n) => ({
        file_name: version(n),
        file_path: `${folder}/${version(n)}`,
        is_dir: false,
      }));
      await route.fulfill({
        response,
        json: { ...real, items: [...real.items, ...extra], total: real.total + 2 },
      });
    });
    await loginAs(page, 'user');
    await openSharedFiles(page);
    await openFolder(page, '施工マニュアル');
    for (const n of [11, 12]) {
      // The whole name is the button's name; its end shows on the tile.
      const tile = tiles(page).getByRole('button', { name: version(n), exact: true });
      await expect(tile).toBeVisible();
      await expect(tile.getByText(`_第${n}版.pdf`, { exact: true })).toBeVisible();
    }
    // The current level's box is as tall as its text: nothing below the baseline is cut.
    const clip = await currentLevel(page).evaluate((e) => e.scrollHeight - e.clientHeight);
    expect(clip).toBeLessThanOrEqual(0);
  });

  test('a folder of 120 entries shows 100 a page and pages to page 2', async ({ page }) => {
    await loginAs(page, 'user');
    await openSharedFiles(page);
    await openFolder(page, '施工事例写真');
    await expect(tiles(page).getByRole('listitem')).toHaveCount(100);
    await expect(page.getByText('120件中 1〜100件')).toBeVisible();

    await page.getByRole('button', { name: '2ページ' }).click();
    await expect(tiles(page).getByRole('button', { name: '施工事例_120.pdf' })).toBeVisible();
    await expect(tiles(page).getByRole('listitem')).toHaveCount(20);
    await expect(page.getByText('120件中 101〜120件')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    await page.goBack();
    await expect(tiles(page).getByRole('button', { name: '施工事例_001.png' })).toBeVisible();
  });

  test('a file with a Japanese name downloads under that name @desktop-only', async ({ page }) => {
    await loginAs(page, 'user');
    await openSharedFiles(page);
    await openFolder(page, 'カタログ');
    await openFolder(page, '2026年版');

    const downloading = page.waitForEvent('download');
    await tiles(page).getByRole('button', { name: '価格表2026.xlsx' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('価格表2026.xlsx');
    const content = await readFile(await download.path());
    expect(content.length).toBeGreaterThan(0);
    // An xlsx file is a zip archive.
    expect(content.subarray(0, 2).toString('latin1')).toBe('PK');
    // The page stays where it was.
    await expect(currentLevel(page)).toHaveText('2026年版');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('staff see a prompt until they choose a customer, then its files @desktop-only', async ({
    page,
  }) => {
    await loginAs(page, 'staff');
    await openSharedFiles(page);
    await expect(page.getByText(CHOOSE_CUSTOMER_MESSAGE)).toBeVisible();
    await expect(tiles(page)).toHaveCount(0);

    await chooseCustomer(page, '10001');
    await expect(page.getByText(CHOOSE_CUSTOMER_MESSAGE)).toHaveCount(0);
    await expect(tiles(page).getByRole('link', { name: 'カタログ', exact: true })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('customer')).toBe('10001');
    await openFolder(page, 'カタログ');
    expect(folderParam(page)).toBe('カタログ');
  });

  test('staff register the chosen customer’s folder name, and the audit view names the customer @desktop-only', async ({
    page,
  }) => {
    await loginAs(page, 'staff');
    await openSharedFiles(page);
    await chooseCustomer(page, '10002');
    const form = page.getByRole('form', { name: '取引先のフォルダ名の登録' });
    await form.getByRole('textbox', { name: 'フォルダ名' }).fill('東和ルーフ支店');
    await form.getByRole('button', { name: '登録' }).click();
    await expect(form.getByText('フォルダ名「東和ルーフ支店」を登録しました。')).toBeVisible();

    await page.goto('/audit?action=customer.folder-name.update');
    await expect(page.getByText(/^全[\d,]+件/)).toBeVisible();
    await expect(page.getByText(/取引先: 10002 /).first()).toBeVisible();
  });

  test('a folder that does not exist says so after one request, not after retries @desktop-only', async ({
    page,
  }) => {
    await loginAs(page, 'user');
    const listings: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/shared-file/get-shared-filename')) listings.push(request.url());
    });
    await page.goto(`/shared-files?folder=${encodeURIComponent('存在しないフォルダ')}`);
    await expect(page.getByText(NO_FILES_MESSAGE)).toBeVisible({ timeout: 3_000 });
    expect(listings).toHaveLength(1);
  });

  test('staff choosing a customer with an empty Shared folder see that no files exist @desktop-only', async ({
    page,
  }) => {
    await loginAs(page, 'staff');
    await openSharedFiles(page);
    await expect(page.getByText(CHOOSE_CUSTOMER_MESSAGE)).toBeVisible();

    await chooseCustomer(page, '40001');
    await expect(page.getByText(NO_FILES_MESSAGE)).toBeVisible();
    await expect(page.getByText(CHOOSE_CUSTOMER_MESSAGE)).toHaveCount(0);
    await expect(tiles(page)).toHaveCount(0);
  });
});
