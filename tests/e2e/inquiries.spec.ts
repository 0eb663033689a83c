import { expect as baseExpect, type Page } from '@playwright/test';
import { addDays, todayInJapan } from '../../domain/japan-time';
import { expectNoAxeViolations } from './support/axe';
import { pickDate } from './support/date-picker';
import { type DemoAccount, goToScreen, loginAs } from './support/login-as';
import { openFirstOrderLine } from './support/order-detail';
import { test } from './support/test';

// Inquiries on order lines (docs/decisions/032) at both viewports: a customer asks about a backlog
// line with a photo from the order's detail, staff answer and set the agreed date, the customer
// sees it and closes the request. axe over the form, the thread and the list.

const expect = baseExpect.configure({ timeout: 15_000 });

/** The smallest PNG (1×1): a photo, as far as its bytes say. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Opens the first order line's detail: signed in as `account` first when given. */
async function openFirstLine(page: Page, isMobile: boolean, account?: DemoAccount) {
  await goToScreen(page, '/orders', account);
  await expect(page.getByText(/全検索結果 ([\d,]+) 件/)).toBeVisible();
  return openFirstOrderLine(page, isMobile);
}

test('a customer asks about a backlog line with a photo, staff answer with a date, the customer closes it', async ({
  page,
  browser,
  isMobile,
}, testInfo) => {
  test.setTimeout(180_000);
  const text = `現場の都合で納期を早められますか（${testInfo.project.name}）`;
  const detail = await openFirstLine(page, isMobile, 'user');
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
  await loginAs(staffPage, 'staff', '/inquiries?state=open');
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

test('the order list marks a line asked about and finds it under 問い合わせ中; staff assign the request to a staff member', async ({
  page,
  browser,
  isMobile,
}, testInfo) => {
  test.setTimeout(180_000);
  const text = `この明細の出荷日を教えてください（${testInfo.project.name}・印）`;
  const detail = await openFirstLine(page, isMobile, 'user');
  await detail.getByRole('link', { name: 'この注文について問い合わせる' }).click();
  const form = page.getByRole('form', { name: 'この注文について問い合わせる' });
  await form.getByLabel('内容').fill(text);
  await form.getByRole('button', { name: '送信する' }).click();
  await page.waitForURL(/\/inquiries\/\d+$/);
  const threadUrl = new URL(page.url()).pathname;

  // 問い合わせ中: the filter panel's check, kept in the address; every line shown has the mark.
  await page.goto('/orders?status=all&from=');
  await expect(page.getByText(/全検索結果 ([\d,]+) 件/)).toBeVisible();
  await page.getByRole('button', { name: '絞り込み' }).click();
  const panel = page.getByRole('dialog', { name: '絞り込み条件' });
  await panel.getByRole('checkbox', { name: '問い合わせ中の明細だけ' }).check();
  await panel.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(/[?&]inquiry=open(&|$)/);
  await expect(page.getByLabel('検索条件').getByText('問い合わせ中')).toBeVisible();
  const lines = isMobile
    ? page.getByRole('list', { name: '注文明細' }).getByRole('listitem')
    : page
        .getByRole('table', { name: '注文明細' })
        .getByRole('row')
        .filter({ has: page.getByRole('checkbox', { name: /を選択$/ }) });
  // The lines before the search stay on screen until its answer arrives: wait for the answer.
  await expect(async () => {
    const shown = await lines.count();
    expect(shown).toBeGreaterThan(0);
    expect(await lines.getByRole('img', { name: '問い合わせ中' }).count()).toBe(shown);
  }).toPass();

  // Staff assign the request to a staff member; the thread names them after a reload too.
  const staffContext = await browser.newContext({ ...testInfo.project.use });
  const staffPage = await staffContext.newPage();
  await loginAs(staffPage, 'staff');
  await staffPage.goto(threadUrl);
  const controls = staffPage.getByRole('form', { name: 'ステータスの変更' });
  await controls.getByLabel('担当者').selectOption({ label: '港 健一' });
  await expect(staffPage.getByText(/・担当 港 健一/)).toBeVisible();
  await staffPage.reload();
  await expect(staffPage.getByText(/・担当 港 健一/)).toBeVisible();
  await expect(
    staffPage.getByRole('form', { name: 'ステータスの変更' }).getByLabel('担当者'),
  ).toHaveValue(/^\d+$/);
  await staffContext.close();
});

test('staff filter the list by 最終更新 with the calendar; a start after the end is refused on the screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'staff', '/inquiries');
  const form = page.getByRole('form', { name: '絞り込み' });
  const today = todayInJapan(new Date());
  const weekAgo = addDays(today, -7);

  // The end before the start: said beside the range, nothing searched.
  await pickDate(page, form, '最終更新（開始）', today);
  await pickDate(page, form, '最終更新（終了）', weekAgo);
  await form.getByRole('button', { name: '検索' }).click();
  await expect(form.getByText('開始日は終了日以前の日付を指定してください。')).toBeVisible();
  await expect(page).not.toHaveURL(/from=/);

  // The last week up to today: the address holds the days the calendar gave.
  await pickDate(page, form, '最終更新（開始）', weekAgo);
  await expect(form.getByText('開始日は終了日以前の日付を指定してください。')).toBeHidden();
  await pickDate(page, form, '最終更新（終了）', today);
  await form.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${weekAgo}&to=${today}`));
  await expect(form.getByRole('button', { name: '最終更新（開始）', exact: true })).toContainText(
    weekAgo.replaceAll('-', '/'),
  );
});

/**
 * Opens the form from the detail of a line whose order has other lines: the lines are tried in
 * the screen's order until the form offers a choice (a phone's card does not show the 受注番号).
 */
async function openFormOfLongerOrder(page: Page, isMobile: boolean) {
  const form = page.getByRole('form', { name: 'この注文について問い合わせる' });
  for (let i = 0; i < 10; i++) {
    await page.goto('/orders?status=all&from=');
    await expect(page.getByText(/全検索結果 ([\d,]+) 件/)).toBeVisible();
    const line = isMobile
      ? page.getByRole('list', { name: '注文明細' }).getByRole('listitem').nth(i)
      : page
          .getByRole('table', { name: '注文明細' })
          .getByRole('row')
          .filter({ has: page.getByRole('checkbox', { name: /を選択$/ }) })
          .nth(i);
    if (isMobile) await line.getByRole('button').first().click();
    else await line.getByRole('cell').nth(3).click();
    const detail = page.getByRole('dialog', { name: '注文明細の詳細' });
    await detail.getByRole('link', { name: 'この注文について問い合わせる' }).click();
    const choice = form.getByRole('group', { name: /対象の明細/ });
    const single = form.getByText(/^対象の明細：/);
    await expect(choice.or(single)).toBeVisible();
    if (await choice.isVisible()) return form;
  }
  throw new Error('no order with two lines among the first ten lines');
}

test('a customer names two lines of one order in one request; the thread and the order list show both', async ({
  page,
  isMobile,
}, testInfo) => {
  test.setTimeout(180_000);
  const text = `2つの明細をまとめて確認させてください（${testInfo.project.name}・複数）`;
  await loginAs(page, 'user');
  const form = await openFormOfLongerOrder(page, isMobile);
  const choice = form.getByRole('group', { name: /対象の明細/ });
  const boxes = choice.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  expect(await boxes.count()).toBeGreaterThanOrEqual(2);
  // The line the person came from is the one checked; another line of the order is added.
  await expect(choice.getByRole('checkbox', { checked: true })).toHaveCount(1);
  const added = choice.getByRole('checkbox', { checked: false }).first();
  // The checkbox's accessible name is its label: 明細 n・品番 …・型式 …・数量 n.
  const addedLabel = await added.evaluate(
    (el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '',
  );
  await added.check();
  await expect(choice.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await expectNoAxeViolations(page, 'inquiry form with the order lines');
  const orderNo = (await form.getByText(/^注文番号 /).innerText()).replace('注文番号 ', '').trim();
  await form.getByLabel('内容').fill(text);
  await form.getByRole('button', { name: '送信する' }).click();
  await page.waitForURL(/\/inquiries\/\d+$/);

  // The thread names both lines.
  const named = page.getByText('対象の明細').locator('xpath=..').getByRole('listitem');
  await expect(named).toHaveCount(2);
  const addedLine = /^明細 (\d+)/.exec(addedLabel)?.[1];
  expect(addedLine).toBeDefined();
  await expect(named.filter({ hasText: new RegExp(`^明細 ${addedLine}・`) })).toHaveCount(1);

  // The order list's 問い合わせ中: both lines of the order are marked.
  await page.goto(`/orders?status=all&from=&no=${encodeURIComponent(orderNo)}&inquiry=open`);
  await expect(page.getByText(/全検索結果 ([\d,]+) 件/)).toBeVisible();
  const lines = isMobile
    ? page.getByRole('list', { name: '注文明細' }).getByRole('listitem')
    : page
        .getByRole('table', { name: '注文明細' })
        .getByRole('row')
        .filter({ has: page.getByRole('checkbox', { name: /を選択$/ }) });
  await expect(async () => {
    const shown = await lines.count();
    expect(shown).toBeGreaterThanOrEqual(2);
    expect(await lines.getByRole('img', { name: '問い合わせ中' }).count()).toBe(shown);
  }).toPass();
});
