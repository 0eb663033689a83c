// Calendar dates as people in Japan read them (docs/product.md §4: "today", the search window,
// dates in file names). Japan keeps UTC+9 all year (no daylight saving), so a fixed offset is the
// whole rule; dates are 'YYYY-MM-DD' strings computed on UTC fields, whatever the machine's zone.

const DAY_MS = 86_400_000;
const JAPAN_OFFSET_MS = 9 * 3_600_000;

/** Days since 1970-01-01 of the calendar date in Japan at an instant. */
export function japanDayNumber(instant: Date): number {
  return Math.floor((instant.getTime() + JAPAN_OFFSET_MS) / DAY_MS);
}

/** The date 'YYYY-MM-DD' of a day number (days since 1970-01-01). */
export function isoDateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date in Japan at an instant, YYYY-MM-DD. */
export function todayInJapan(now: Date): string {
  return isoDateOfDay(japanDayNumber(now));
}

export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The same day some months later or earlier; a day the target month lacks becomes its last day
 * (31 August − 6 months = 28 February, as dayjs and a person counting on a calendar do).
 */
export function addMonths(isoDate: string, months: number): string {
  const total = Number(isoDate.slice(0, 4)) * 12 + Number(isoDate.slice(5, 7)) - 1 + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const d = Math.min(Number(isoDate.slice(8, 10)), lastDay);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The same day some years later or earlier; 29 February becomes 28 February in other years. */
export function addYears(isoDate: string, years: number): string {
  return addMonths(isoDate, years * 12);
}
