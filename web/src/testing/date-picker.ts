import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

const MONTH = /^(\d{4})年(\d{1,2})月$/;

/**
 * The calendar's module, which a screen loads when its form is shown (lazily): loaded once ahead
 * (a test file's beforeAll), so that its first import on a busy machine is not counted against
 * the first test's waits.
 */
export const loadDatePicker = () => import('../components/form/date-range-inputs');

/**
 * Picks a day in one of the app's Japanese date pickers as a person does: opens the picker named
 * `name` (受注日（開始）…), moves to the month with 前の月 / 次の月 and clicks the day.
 */
export async function pickDate(user: UserEvent, name: string, date: string): Promise<void> {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // The calendar loads with the form: the picker may still be a placeholder.
  await user.click(await screen.findByRole('button', { name }, { timeout: 10_000 }));
  for (let moves = 0; moves < 240; moves++) {
    const heading = await screen.findByRole('button', { name: MONTH });
    const [, y, m] = heading.textContent!.match(MONTH)!.map(Number) as [number, number, number];
    const diff = (year - y) * 12 + (month - m);
    if (diff === 0) break;
    await user.click(screen.getByRole('button', { name: diff < 0 ? '前の月' : '次の月' }));
  }
  await user.click(screen.getByRole('button', { name: `${year}年${month}月${day}日` }));
}
