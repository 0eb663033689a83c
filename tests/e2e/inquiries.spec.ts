import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { loginAs } from './support/login-as';

// Inquiries on order lines (docs/decisions/032) at both viewports: a customer asks about a backlog
// line with a photo from the order's detail, staff answer and set the agreed date, the customer
// sees it and closes the request. axe over the form, the thread and the list.

const expect = baseExpect.configure({ timeout: 15_000 });

/** The smallest PNG (1×1): a photo, as far as its bytes say. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function openFirstLine(page: Page, isMobile: boolean) {
  await page.goto('/orders');
  await expect(page.getByText(/全検索結果 ([\d,]+) 件/)).toBeVisible();
  if (isMobile) {
    await page
      .getByRole('list', { name: '注文明細' })
      .getByRole('listitem')
      .first()
      .getByRole('button')
      .click();
  } else {
    await page
      .getByRole('table', { name: '注文明細' })
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { name: /を選択$/ }) })
      .first()
      .getByRole('cell')
      .nth(3)
      .click();
  }
  const detail = page.getByRole('dialog', { name: '注文明細の詳細' });
  await expect(detail).toBeVisible();
  return detail;
}

test('a customer asks about a backlog line with a photo, staff answer with a date, the customer closes it', async ({
  page,
  browser,
  isMobile,
}, testInfo) => {
  test.setTimeout(180_000);
  const text = `現場の都合で納期を早められますか（${testInfo.project.name}）`;
  await loginAs(page, 'user');
  const detail = await openFirstLine(page, isMobile);
  await detail.getByRole('link', { name: 'この注文について問い合わせる' }).click();
  await page.waitForURL('**/inquiries/new?**');
  const form = page.getByRole('form', { name: 'この注文について問い合わせる' });
  await form.getByLabel('お問い合わせの種類').selectOption({ label: '納期変更の依頼' });

  // Nothing typed: told in Japanese, nothing sent.
  await form.getByRole('button', { name: '送信する' }).click();
  await expect(form.getByText('内容を入力してください。')).toBeVisible();

  await form.getByLabel('希望納期').fill('2026-12-20');
  await form.getByLabel('内容').fill(text);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: '現場写真.png', mimeType: 'image/png', buffer: PHOTO });
  await expectNoAxeViolations(page, 'inquiry form');
  await form.getByRole('button', { name: '送信する' }).click();
  await page.waitForURL(/\/inquiries\/\d+$/);
  const threadUrl = new URL(page.url()).pathname;
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByRole('img', { name: '現場写真.png' })).toBeVisible();
  await expect(page.getByText('未対応')).toBeVisible();

  // Staff, in a browser of their own, find it in the list and answer with the agreed date.
  const staffContext = await browser.newContext({ ...testInfo.project.use });
  const staffPage = await staffContext.newPage();
  await loginAs(staffPage, 'staff');
  await staffPage.goto('/inquiries?state=open');
  await staffPage.getByRole('link', { name: text }).click();
  await staffPage.waitForURL(`**${threadUrl}`);
  await expect(staffPage.getByRole('img', { name: '現場写真.png' })).toBeVisible();
  const reply = staffPage.getByRole('form', { name: '返信' });
  await reply.getByLabel('返信').fill('12月18日にお届けできます。');
  await reply.getByRole('button', { name: '返信する' }).click();
  await expect(staffPage.getByText('12月18日にお届けできます。')).toBeVisible();
  // A staff reply answers the request.
  await expect(staffPage.getByText('回答済', { exact: true }).first()).toBeVisible();
  const controls = staffPage.getByRole('form', { name: 'ステータスの変更' });
  await controls.getByLabel('回答納期').fill('2026-12-18');
  await controls.getByLabel('ステータス').selectOption({ label: '回答済' });
  await controls.getByRole('button', { name: 'ステータスを保存' }).click();
  await expect(staffPage.getByRole('alert').filter({ hasText: '回答納期' })).toContainText(
    '2026/12/18',
  );
  await staffContext.close();

  // The customer sees the answer and the date, and closes the request.
  await page.reload();
  await expect(page.getByText('12月18日にお届けできます。')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '回答納期' })).toContainText('2026/12/18');
  await expect(page.getByText('回答済', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'inquiry thread');
  await page.getByRole('button', { name: '完了にする' }).click();
  await expect(page.getByText('完了', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '再開する' })).toBeVisible();

  // The list: the menu's entry, a table on a desktop, cards on a phone.
  if (isMobile) await page.getByRole('button', { name: 'メニュー' }).click();
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: 'お問い合わせ' })
    .click();
  await page.waitForURL('**/inquiries');
  const shown = isMobile
    ? page.getByRole('list', { name: 'お問い合わせ（最終更新の降順）' }).getByRole('listitem')
    : page.getByRole('table').locator('tbody tr');
  await expect(shown.filter({ hasText: text })).toHaveCount(1);
  await expect(shown.filter({ hasText: text })).toContainText('完了');
  await expectNoAxeViolations(page, 'inquiry list');
});
