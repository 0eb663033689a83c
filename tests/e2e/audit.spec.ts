import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Page } from '@playwright/test';
import { pickDate } from './support/date-picker';
import { loginAs } from './support/login-as';
import { test } from './support/test';

// The audit view (docs/decisions/017) at both viewports: staff see every event, filter
// and export them; a corporate administrator sees their corporation's events only; a general user
// has neither the menu entry nor the screen.

const expect = baseExpect.configure({ timeout: 15_000 });

/** Opens 操作履歴 from the menu: the side navigation, behind the menu button on a phone. */
async function openAuditFromMenu(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole('button', { name: 'メニュー' }).click();
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '操作履歴' })
    .click();
  await page.waitForURL('**/audit');
  await expect(page).toHaveTitle('お客様ポータル | 操作履歴');
  await expect(page.getByRole('heading', { name: '操作履歴', level: 1 })).toBeVisible();
}

/** The events shown: the table's rows on a desktop, the cards on a phone. */
const shownEvents = (page: Page, isMobile: boolean) =>
  isMobile
    ? page.getByRole('list', { name: '操作履歴（日時の降順）' }).getByRole('listitem')
    : page.getByRole('table').locator('tbody tr');

test('staff filter every event, page through them and export them as CSV', async ({
  page,
  isMobile,
}, testInfo) => {
  test.setTimeout(120_000);
  await loginAs(page, 'staff');
  await openAuditFromMenu(page, isMobile);
  await expect(page.getByText(/^全[\d,]+件/)).toBeVisible();
  expect(await shownEvents(page, isMobile).count()).toBeGreaterThan(0);

  // Staff's own sign-in, found by the actor's mail and the action's Japanese name.
  const form = page.getByRole('form', { name: '操作履歴の絞り込み' });
  await form.getByLabel('操作者のメールアドレス').fill('staff@example.com');
  await form.getByLabel('操作の種類').selectOption({ label: 'ログイン' });
  await form.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(/action=auth\.sign-in/);
  const first = shownEvents(page, isMobile).first();
  await expect(first).toContainText('ログイン');
  await expect(first).toContainText('staff@example.com');
  // The target names the person; the action is in Japanese only.
  await expect(first).toContainText('アカウント: ');
  await expect(first).not.toContainText('auth.sign-in');
  if (!isMobile) {
    // The whole table, the address and browser column included, fits the window: no scrolling.
    const fits = await page
      .getByRole('table')
      .evaluate(
        (table) =>
          table.parentElement!.scrollWidth <= table.parentElement!.clientWidth &&
          document.documentElement.scrollWidth <= window.innerWidth,
      );
    expect(fits).toBe(true);
  }
  await page.screenshot({
    path: testInfo.outputPath('audit-staff.png'),
    fullPage: true,
  });

  // An end date before the start date, picked in the calendar, is refused on the screen.
  await pickDate(page, form, '期間（開始）', '2026-11-20');
  await pickDate(page, form, '期間（終了）', '2026-11-01');
  await form.getByRole('button', { name: '検索' }).click();
  await expect(page.getByText('開始日は終了日以前の日付を指定してください。')).toBeVisible();
  await expect(page).not.toHaveURL(/from=/);
  await form.getByRole('button', { name: '期間（開始）をクリア' }).click();
  await form.getByRole('button', { name: '期間（終了）をクリア' }).click();
  await expect(page.getByText('開始日は終了日以前の日付を指定してください。')).toBeHidden();

  // The CSV of what the form shows: UTF-8 with a BOM, Japanese headers, the events, each
  // detail in words.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV出力' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^auditlog_\d{8}\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF日時,操作者メール,')).toBe(true);
  expect(text).toContain(',ログイン,auth.sign-in,アカウント: ');
  expect(text).toContain(',結果: 成功');
  expect(text).not.toContain('{"');
  expect(text).not.toContain(',ログアウト,');

  // Another action chosen and exported without 検索: the file is of the form, and so is the list.
  await form.getByLabel('操作の種類').selectOption({ label: 'ログアウト' });
  const downloadingAgain = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV出力' }).click();
  const again = readFileSync((await (await downloadingAgain).path())!, 'utf8');
  expect(again).not.toContain(',ログイン,');
  await expect(page).toHaveURL(/action=auth\.sign-out/);

  // The export is itself recorded.
  await form.getByLabel('操作者のメールアドレス').fill('');
  await form.getByLabel('操作の種類').selectOption({ label: '操作履歴の出力' });
  await form.getByRole('button', { name: '検索' }).click();
  await expect(shownEvents(page, isMobile).first()).toContainText('操作履歴の出力');
});

test('a corporate administrator sees their corporation’s events, never staff’s or another corporation’s', async ({
  page,
  isMobile,
}, testInfo) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  await openAuditFromMenu(page, isMobile);
  await expect(page.getByText(/^全[\d,]+件/)).toBeVisible();
  await expect(shownEvents(page, isMobile).first()).toBeVisible();
  // Every event shown is of the administrator's corporation's customers or users, none by staff.
  await expect(page.getByText('staff@example.com')).toHaveCount(0);
  // Only staff see the mail outbox's counts.
  await expect(page.getByRole('region', { name: 'メール送信状況' })).toHaveCount(0);
  await page.screenshot({
    path: testInfo.outputPath('audit-admin.png'),
    fullPage: true,
  });

  const form = page.getByRole('form', { name: '操作履歴の絞り込み' });
  await form.getByLabel('操作者のメールアドレス').fill('staff@example.com');
  await form.getByRole('button', { name: '検索' }).click();
  await expect(page.getByText('条件に合う操作履歴はありません。')).toBeVisible();

  await form.getByLabel('操作者のメールアドレス').fill('');
  await form.getByLabel('取引先コード').fill('20001');
  await form.getByRole('button', { name: '検索' }).click();
  await expect(page.getByText('この条件の操作履歴を表示する権限がありません。')).toBeVisible();
});

test('a general user has no menu entry and is refused the screen @desktop-only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'user');
  // The side navigation (on a phone, the closed menu's, hence hidden ones counted too).
  const menu = page.getByRole('navigation', { name: 'メインメニュー', includeHidden: true });
  await expect(menu.getByRole('link', { name: '注文一覧', includeHidden: true })).toHaveCount(1);
  await expect(menu.getByRole('link', { name: '操作履歴', includeHidden: true })).toHaveCount(0);
  await page.goto('/audit');
  await page.waitForURL('**/permission-denied');
  await expect(page.getByText('このページにアクセスする権限がありません。')).toBeVisible();
});
