import { expect as baseExpect } from '@playwright/test';
import { expectNoAxeViolations, settled } from './support/axe';
import { loginAs } from './support/login-as';
import { test } from './support/test';

// Searches over the demo ledger (600 lines per customer) can take seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const COUNT = /全検索結果 ([\d,]+) 件/;

test.describe('the column chooser of the orders table', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the columns chosen stay chosen after a reload, sorting still works, and 「既定に戻す」 brings them back @desktop-only', async ({
    page,
  }) => {
    await loginAs(page, 'user', '/orders?status=all&from=');
    await expect(page.getByText(COUNT)).toBeVisible();
    const table = page.getByRole('table', { name: '注文明細' });
    const header = (name: string) => table.getByRole('button', { name, exact: true });
    await expect(header('受注番号')).toBeVisible();

    const chooser = page.getByRole('button', { name: '表示する列' });
    await chooser.click();
    const dialog = page.getByRole('dialog', { name: '表示する列' });
    await expect(dialog.getByRole('checkbox', { name: '品番（常に表示）' })).toBeDisabled();
    await settled(page);
    await expectNoAxeViolations(page, 'orders column chooser', { within: [dialog] });
    // By keyboard: the focus starts on 受注番号; Space unticks it, Tab moves on.
    await expect(dialog.getByRole('checkbox', { name: '受注番号' })).toBeFocused();
    await page.keyboard.press('Space');
    await dialog.getByRole('checkbox', { name: '納品先' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(chooser).toBeFocused();
    await expect(header('受注番号')).toHaveCount(0);
    await expect(header('納品先')).toHaveCount(0);
    await expect(header('受注日')).toBeVisible();

    await page.reload();
    await expect(page.getByText(COUNT)).toBeVisible();
    await expect(header('物件名')).toBeVisible();
    await expect(header('受注番号')).toHaveCount(0);
    await expect(header('納品先')).toHaveCount(0);
    await header('物件名').click();
    await expect(page.getByRole('columnheader', { name: /物件名/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page).toHaveURL(/sort=property_name/);

    await chooser.click();
    await dialog.getByRole('button', { name: '既定に戻す' }).click();
    await page.keyboard.press('Escape');
    await expect(header('受注番号')).toBeVisible();
    await expect(header('納品先')).toBeVisible();
    // Every column back, the row still fits 1280 px without scrolling sideways.
    const scrolls = await table.evaluate((t) => {
      const box = t.parentElement!.parentElement!;
      return box.scrollWidth > box.clientWidth;
    });
    expect(scrolls).toBe(false);
    await page.reload();
    await expect(header('受注番号')).toBeVisible();
  });
});
