import { z } from 'zod';

// Query-parameter values the search screens' calls share (documents, invoices, audit,
// inquiries): an empty parameter is no filter, and a day is YYYY-MM-DD.

/** An empty or blank parameter, as if it were not sent (for z.preprocess). */
export const emptyAsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;
const FORMAT_MESSAGE = '日付は YYYY-MM-DD の形式で指定してください。';
const NO_SUCH_DAY_MESSAGE = '存在しない日付です。';

/** YYYY-MM-DD as written is that very calendar day (2026-02-30 is not one). */
const isCalendarDay = (v: string) => {
  const time = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(v);
};

/** A real calendar day, YYYY-MM-DD: the documents' and invoices' 取引年月日. */
export const isoDate = z
  .string()
  .regex(DAY_FORMAT, FORMAT_MESSAGE)
  .refine((v) => isCalendarDay(v), NO_SUCH_DAY_MESSAGE);

/**
 * A real calendar day of the years 1900–2999, YYYY-MM-DD: the audit view's and the inquiries'
 * periods, whose dates are moments of the portal's own life.
 */
export const isoDateOfThisMillennium = z
  .string()
  .regex(DAY_FORMAT, FORMAT_MESSAGE)
  .refine((v) => {
    if (!DAY_FORMAT.test(v)) return true;
    const year = Number(v.slice(0, 4));
    return year >= 1900 && year <= 2999 && isCalendarDay(v);
  }, NO_SUCH_DAY_MESSAGE);
