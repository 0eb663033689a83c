import type { Locator, Page } from '@playwright/test';

/**
 * One row of an editor (docs/product.md §4) by its accessible name: a table row on a desktop, a card (group)
 * on a phone. Saved rows are named by their saved title, explanation or "mail（customer code）";
 * the unsaved row by 新規のお知らせ, 新規のバナー or 新規の利用者.
 */
export function editRow(scope: Page | Locator, name: string): Locator {
  return scope
    .getByRole('row', { name, exact: true })
    .or(scope.getByRole('group', { name, exact: true }));
}
