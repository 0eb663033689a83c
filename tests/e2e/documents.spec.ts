import { readFile } from 'node:fs/promises';
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { readZip } from '../api/helpers/read-zip';
import { expectNoAxeViolations } from './support/axe';
import { pickDate } from './support/date-picker';
import { loginAs } from './support/login-as';
import { openFirstOrderLine } from './support/order-detail';
import { test } from './support/test';

// 帳票一覧 (docs/decisions/030) at both viewports, on the demo data: a year of invoices of the
// demo customers in the archive, the newest invoice of customer 10001 re-issued (server/services/
// demo-documents.ts). A general user searches by date and amount, finds the 再発行 mark, downloads
// the first version from the history, and sees it leave 未ダウンロード.

const expect = baseExpect.configure({ timeout: 15_000 });

async function openDocuments(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole('button', { name: 'メニュー' }).click();
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '帳票一覧' })
    .click();
  await page.waitForURL('**/documents');
  await expect(page).toHaveTitle('お客様ポータル | 帳票一覧');
  await expect(page.getByRole('heading', { name: '帳票一覧', level: 1 })).toBeVisible();
}

/** The documents shown: the table's rows on a desktop, the cards on a phone. */
const shownDocuments = (page: Page, isMobile: boolean): Locator =>
  isMobile
    ? page.getByRole('list', { name: '帳票一覧' }).getByRole('listitem')
    : page.getByRole('table', { name: '帳票一覧' }).locator('tbody tr');

const filters = (page: Page) => page.getByRole('form', { name: '帳票の絞り込み' });

test('a user finds a re-issued invoice by date and amount, downloads its first version and sees it downloaded', async ({
  page,
  isMobile,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, 'user');
  await openDocuments(page, isMobile);
  await expect(shownDocuments(page, isMobile).first()).toBeVisible();

  // Invoices, newest first: the re-issued one is among them with its mark.
  await filters(page).getByLabel('種類').selectOption({ label: '請求書' });
  await filters(page).getByRole('button', { name: '検索' }).click();
  await page.waitForURL(/type=invoice/);
  const reissued = shownDocuments(page, isMobile).filter({ hasText: /再発行 \d{4}\/\d{2}\/\d{2}/ });
  await expect(reissued).toHaveCount(1);
  const text = (await reissued.innerText()).replace(/\s+/g, ' ');
  const date = text.match(/(\d{4})\/(\d{2})\/(\d{2})/)!;
  const amount = text.match(/([\d,]+)円/)![1]!.replaceAll(',', '');
  const number = text.match(/\b(SO[\w-]+)/)![1]!;
  await expectNoAxeViolations(page, `documents (${isMobile ? 'phone' : 'desktop'})`);

  // 取引年月日 and 金額 as ranges of one day and one amount: that invoice, and only matching ones.
  // The days are picked in the app's calendar, as a person does (no typing into a date box).
  const day = `${date[1]}-${date[2]}-${date[3]}`;
  await pickDate(page, filters(page), '取引年月日（開始）', day);
  await pickDate(page, filters(page), '取引年月日（終了）', day);
  await filters(page).getByLabel('金額（円・から）').fill(amount);
  await filters(page).getByLabel('金額（円・まで）').fill(amount);
  await filters(page).getByRole('button', { name: '検索' }).click();
  await page.waitForURL(/min=/);
  expect(new URL(page.url()).searchParams.get('from')).toBe(day);
  expect(new URL(page.url()).searchParams.get('to')).toBe(day);
  await expect(shownDocuments(page, isMobile).filter({ hasText: number })).toHaveCount(1);
  await expect(
    shownDocuments(page, isMobile).filter({ hasNotText: `${date[1]}/${date[2]}/${date[3]}` }),
  ).toHaveCount(0);

  // The period's zip: that invoice (its latest version) under date, customer, amount and number,
  // and index.csv.
  const zipping = page.waitForEvent('download');
  await page.getByRole('button', { name: '絞り込んだ帳票をZIPでダウンロード' }).click();
  const zipped = await zipping;
  expect(zipped.suggestedFilename()).toMatch(/^帳票_\d{8}\.zip$/);
  const entries = readZip(await readFile((await zipped.path())!));
  const entry = [...entries.keys()].find((name) => name.endsWith(`_${amount}円_${number}.pdf`));
  expect(entry).toMatch(
    new RegExp(`^${date[1]}${date[2]}${date[3]}_.+_${amount}円_${number}\\.pdf$`),
  );
  expect(entries.get(entry!)!.toString('latin1')).toContain('REISSUED');
  const index = entries.get('index.csv')!.toString('utf8');
  expect(
    index.startsWith(
      '\ufeff"取引年月日","取引先","金額","番号","種類","版","ファイル名","SHA-256"',
    ),
  ).toBe(true);
  expect(index).toContain(`"${entry}"`);

  // A bad range is refused on the screen, in Japanese, before anything is sent.
  await filters(page).getByLabel('金額（円・から）').fill('abc');
  await filters(page).getByRole('button', { name: '検索' }).click();
  await expect(filters(page).getByText('金額は円単位の整数で入力してください。')).toBeVisible();
  await filters(page).getByLabel('金額（円・から）').fill(amount);
  await expect(filters(page).getByText('金額は円単位の整数で入力してください。')).toBeHidden();

  // The history: both versions, the second marked; the first one downloads as the original file.
  await shownDocuments(page, isMobile)
    .filter({ hasText: number })
    .getByRole('button', { name: `請求書 ${number} の版の履歴` })
    .click();
  const dialog = page.getByRole('dialog', { name: `請求書 ${number} の版の履歴` });
  await expect(dialog.getByText('第2版')).toBeVisible();
  await expect(dialog.getByText('第1版')).toBeVisible();
  await expect(dialog.getByText('再発行')).toBeVisible();
  await expectNoAxeViolations(page, `document versions (${isMobile ? 'phone' : 'desktop'})`);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '第1版をダウンロード' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`請求書_${number}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString('latin1')).not.toContain('REISSUED');
  await dialog.getByRole('button', { name: '閉じる' }).filter({ hasText: '閉じる' }).click();

  // The latest version downloads from the row, as 第2版.
  const downloadingLatest = page.waitForEvent('download');
  await shownDocuments(page, isMobile)
    .filter({ hasText: number })
    .getByRole('button', { name: `請求書 ${number} のPDFをダウンロード` })
    .click();
  expect((await downloadingLatest).suggestedFilename()).toBe(`請求書_${number}_第2版.pdf`);
  await expect(shownDocuments(page, isMobile).filter({ hasText: number })).toContainText(
    'ダウンロード済み',
  );

  // 未ダウンロード: the downloaded invoice is no longer among the caller's own.
  await filters(page).getByLabel('書類番号').fill(number);
  await filters(page).getByLabel('未ダウンロードのみ').check();
  await filters(page).getByRole('button', { name: '検索' }).click();
  await page.waitForURL(/undownloaded=1/);
  await expect(
    page.getByRole('status').filter({ hasText: '条件に合う帳票はありません。' }),
  ).toBeVisible();
});

test('an order line’s detail links to its invoice in the register, and says when no invoice covers it yet', async ({
  page,
  isMobile,
}) => {
  test.setTimeout(90_000);
  // A shipped line: its invoice (with its version), shipping notice and delivery slip.
  await loginAs(page, 'user', '/orders?status=shipped&from=');
  await expect(page.getByText(/全検索結果 ([\d,]+) 件/)).toBeVisible();
  const detail = await openFirstOrderLine(page, isMobile);
  const register = detail.getByRole('region', { name: '帳票一覧の記録' });
  const invoice = register.getByRole('link', { name: /^請求書 / });
  await expect(invoice).toBeVisible();
  await expect(register).toContainText(/第\d+版/);
  await expect(register.getByRole('link', { name: /^出荷案内 / })).toBeVisible();
  await expectNoAxeViolations(page, `order detail register (${isMobile ? 'phone' : 'desktop'})`);
  const number = (await invoice.innerText()).replace(/^請求書\s*/, '').trim();

  // The link opens 帳票一覧 filtered to that invoice: the line's delivery and the kind.
  await invoice.click();
  await page.waitForURL(/\/documents\?.*delivery=/);
  const delivery = new URL(page.url()).searchParams.get('delivery')!;
  expect(new URL(page.url()).searchParams.get('type')).toBe('invoice');
  await expect(filters(page).getByLabel('納品番号')).toHaveValue(delivery);
  await expect(shownDocuments(page, isMobile)).toHaveCount(1);
  await expect(shownDocuments(page, isMobile).first()).toContainText(number);

  // A backlog line (the screen's default) has no invoice yet, and says so.
  await page.goto('/orders');
  await expect(page.getByText(/全検索結果 ([\d,]+) 件/)).toBeVisible();
  const backlog = await openFirstOrderLine(page, isMobile);
  await expect(
    backlog
      .getByRole('region', { name: '帳票一覧の記録' })
      .getByText('この明細の請求書はまだ登録されていません'),
  ).toBeVisible();
});
