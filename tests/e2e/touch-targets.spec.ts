import { expect as baseExpect, type Page } from '@playwright/test';
import { loginAs } from './support/login-as';
import { test } from './support/test';

const expect = baseExpect.configure({ timeout: 30_000 });

/** Apple's and WCAG 2.5.5's size of what a finger aims at. */
const MIN = 44;

/**
 * Every control on the page a finger can aim at that is smaller than 44 × 44 px, named as a person
 * would read it. A checkbox's or radio's target is the box with its label (tapping either
 * toggles it); a control hidden from sight (the skip link before it has focus) is left out.
 */
async function smallTargets(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=checkbox], [role=radio], [role=combobox], [tabindex]:not([tabindex="-1"])',
    );
    const small: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (control.closest('[aria-hidden="true"], [inert]')) continue;
      if (box.bottom <= 0 || box.right <= 0) continue; // moved out of sight until focused
      let { left, top, right, bottom } = box;
      const labels = control instanceof HTMLInputElement ? [...(control.labels ?? [])] : [];
      for (const label of labels) {
        const l = label.getBoundingClientRect();
        left = Math.min(left, l.left);
        top = Math.min(top, l.top);
        right = Math.max(right, l.right);
        bottom = Math.max(bottom, l.bottom);
      }
      const width = Math.round(right - left);
      const height = Math.round(bottom - top);
      if (width >= min && height >= min) continue;
      const name =
        control.getAttribute('aria-label') ??
        labels[0]?.textContent ??
        control.textContent?.trim().slice(0, 20) ??
        control.tagName;
      small.push(`${name} (${control.tagName.toLowerCase()}) ${width}×${height}`);
    }
    return small;
  }, MIN);
}

test.describe('touch targets on a phone', () => {
  test.describe.configure({ timeout: 120_000 });

  test('every control of every screen is at least 44 × 44 px', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'targets for a finger: the phone project (390 × 844)');
    await loginAs(page, 'admin');
    const found: Record<string, string[]> = {};
    const check = async (screen: string) => {
      const small = await smallTargets(page);
      if (small.length > 0) found[screen] = small;
    };

    await check('TOP');
    await page.getByRole('button', { name: 'メニュー' }).click();
    await expect(page.getByRole('link', { name: '注文一覧' }).first()).toBeVisible();
    await check('メニュー');
    await page.keyboard.press('Escape');

    await page.goto('/orders');
    await expect(page.getByText(/全検索結果 [\d,]+ 件/)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'ページ送り' })).toBeVisible();
    await check('注文一覧');
    await page.getByRole('button', { name: '絞り込み' }).click();
    await expect(page.getByRole('dialog', { name: '絞り込み条件' })).toBeVisible();
    await check('絞り込み');
    await page
      .getByRole('dialog', { name: '絞り込み条件' })
      .getByRole('button', { name: '閉じる' })
      .click();
    await expect(page.getByRole('dialog', { name: '絞り込み条件' })).toBeHidden();
    await page.getByRole('list', { name: '注文明細' }).getByRole('button').first().click();
    await expect(page.getByRole('dialog', { name: '注文明細の詳細' })).toBeVisible();
    await check('注文明細の詳細');

    for (const [path, heading] of [
      ['/shared-files', '共有ファイル'],
      ['/managers', 'ユーザー管理'],
      ['/account', 'アカウント設定'],
      ['/audit', '操作履歴'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await check(heading);
    }
    expect(found).toEqual({});
  });
});
