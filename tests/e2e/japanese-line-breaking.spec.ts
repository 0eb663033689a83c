import { expect as baseExpect, type Page } from '@playwright/test';
import { settled } from './support/axe';
import { isWrongBreak, lineBreaks } from './support/line-breaks';
import { loginAs } from './support/login-as';
import { openFirstOrderLine } from './support/order-detail';
import { test } from './support/test';

// Strict 禁則 and phrase breaking on the screens other than the orders (whose own test is in
// orders.spec.ts): names, titles and sentences of the demo data, and a request's text, measured
// line by line as the browser laid them out.

const expect = baseExpect.configure({ timeout: 30_000 });

/** An inquiry whose words break wrongly when the browser breaks anywhere (「くださ / い」, 「第 / 1」). */
const QUESTION =
  '世田谷市営住宅 第1団地の屋根改修工事について、SPM-450-ALの納品予定日をご確認ください。現場の都合でスケジュールを前倒ししたいと考えています。';

/** Every line start of the screen's main part (and header) at the widths the project covers. */
async function measure(page: Page, isMobile: boolean, screen: string): Promise<string[]> {
  const widths = isMobile ? [320, 360, 390] : [1024, 1280];
  const breaks: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: isMobile ? 844 : 800 });
    await settled(page);
    for (const part of [page.getByRole('main'), page.getByRole('banner')]) {
      breaks.push(...(await lineBreaks(part)).map((b) => `${screen} ${width}px: ${b}`));
    }
  }
  return breaks;
}

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test.describe('Japanese line breaking on every screen', () => {
  test.describe.configure({ timeout: 240_000 });

  test('no line of TOP, shared files, documents, account, inquiries, managers or the audit view starts with 「ー」 or a small kana, or splits a number or code', async ({
    page,
    browser,
    isMobile,
  }, testInfo) => {
    const breaks: string[] = [];
    await loginAs(page, 'user');
    breaks.push(...(await measure(page, isMobile, 'TOP')));
    await open(page, '/shared-files', '共有ファイル');
    await expect(page.getByRole('list', { name: 'フォルダとファイル' })).toBeVisible();
    breaks.push(...(await measure(page, isMobile, 'shared files')));
    await open(page, '/documents', '帳票一覧');
    breaks.push(...(await measure(page, isMobile, 'documents')));
    await open(page, '/account', 'アカウント設定');
    breaks.push(...(await measure(page, isMobile, 'account')));

    // A request of the user's own, its thread and the list.
    await page.goto('/orders');
    await expect(page.getByText(/全検索結果 ([\d,]+) 件/)).toBeVisible();
    const detail = await openFirstOrderLine(page, isMobile);
    await detail.getByRole('link', { name: 'この注文について問い合わせる' }).click();
    const form = page.getByRole('form', { name: 'この注文について問い合わせる' });
    await form.getByLabel('お問い合わせの種類').selectOption({ label: '納期の確認' });
    await form.getByLabel('内容').fill(`${QUESTION}（${testInfo.project.name}）`);
    await form.getByRole('button', { name: '送信する' }).click();
    await page.waitForURL(/\/inquiries\/\d+$/);
    await expect(page.getByText(QUESTION, { exact: false })).toBeVisible();
    breaks.push(...(await measure(page, isMobile, 'inquiry thread')));
    await open(page, '/inquiries', /お問い合わせ/);
    await expect(page.getByText(QUESTION.slice(0, 10), { exact: false }).first()).toBeVisible();
    breaks.push(...(await measure(page, isMobile, 'inquiries')));

    // The corporate administrator's screens, in a browser of their own.
    const adminContext = await browser.newContext({ ...testInfo.project.use });
    const admin = await adminContext.newPage();
    try {
      await loginAs(admin, 'admin');
      await open(admin, '/managers', 'ユーザー管理');
      breaks.push(...(await measure(admin, isMobile, 'managers')));
      await open(admin, '/audit', '操作履歴');
      breaks.push(...(await measure(admin, isMobile, 'audit')));
    } finally {
      await adminContext.close();
    }

    // The check would pass on text that never wraps: a good part of it does at these widths.
    expect(breaks.length).toBeGreaterThan(40);
    const wrong = breaks.filter((b) => isWrongBreak(b.slice(b.indexOf(': ') + 2)));
    expect(wrong, `${wrong.length} of ${breaks.length} line breaks`).toEqual([]);
  });
});
