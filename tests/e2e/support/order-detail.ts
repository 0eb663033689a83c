import { expect as baseExpect, type Locator, type Page } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Opens the detail of the first line on the orders screen as shown: a phone's card is a button,
 * a desktop row opens from a cell (its checkbox cell selects instead). Returns the detail.
 */
export async function openFirstOrderLine(page: Page, isMobile: boolean): Promise<Locator> {
  if (isMobile) {
    await page
      .getByRole('list', { name: '注文明細' })
      .getByRole('listitem')
      .first()
      .getByRole('button')
      .first()
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
