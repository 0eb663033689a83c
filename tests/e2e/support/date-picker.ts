import { expect, type Locator, type Page } from '@playwright/test';

const MONTH = /^(\d{4})年(\d{1,2})月$/;

/**
 * Picks a day in one of the app's Japanese date pickers as a person does: opens the picker named
 * `name` inside `scope` (取引年月日（開始）…), moves to the month with 前の月 / 次の月 and clicks
 * the day (the calendar drops down on a desktop and opens as a modal on a phone), then waits for it
 * to close.
 */
export async function pickDate(
  page: Page,
  scope: Locator,
  name: string,
  date: string,
): Promise<void> {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  await scope.getByRole('button', { name, exact: true }).click();
  const heading = page.getByRole('button', { name: MONTH });
  for (let moves = 0; moves < 240; moves++) {
    const [, y, m] = (await heading.innerText()).match(MONTH)!.map(Number) as [
      number,
      number,
      number,
    ];
    const diff = (year - y) * 12 + (month - m);
    if (diff === 0) break;
    await page.getByRole('button', { name: diff < 0 ? '前の月' : '次の月' }).click();
    await expect(heading).not.toHaveText(`${y}年${m}月`);
  }
  await page.getByRole('button', { name: `${year}年${month}月${day}日`, exact: true }).click();
  await expect(heading).toBeHidden();
  await expect(scope.getByRole('button', { name, exact: true })).toContainText(
    `${year}/${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}`,
  );
}
