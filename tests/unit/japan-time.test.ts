import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  isoDateOfDay,
  japanDayNumber,
  todayInJapan,
} from '../../domain/japan-time';

describe('Japan time (domain/japan-time.ts)', () => {
  it('the day changes at 15:00 UTC, midnight in Japan', () => {
    expect(todayInJapan(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
    expect(todayInJapan(new Date('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
    expect(japanDayNumber(new Date('1970-01-01T15:00:00Z'))).toBe(1);
    expect(isoDateOfDay(japanDayNumber(new Date('2026-11-21T15:00:00Z')))).toBe('2026-11-22');
  });

  it('adds days, months and years on the calendar', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonths('2026-08-31', -6)).toBe('2026-02-28');
    expect(addMonths('2026-03-15', -6)).toBe('2025-09-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-30', 14)).toBe('2028-01-30');
    expect(addYears('2026-11-22', -2)).toBe('2024-11-22');
    expect(addYears('2028-02-29', 2)).toBe('2030-02-28');
  });
});
