import { describe, expect, it } from 'vitest';
import { allowedTaxValues, isAllowedTax } from '../../domain/invoice-amounts';

describe('invoice tax rule (domain/invoice-amounts.ts)', () => {
  it('accepts the tax rounded down, up or to the nearest yen, and nothing else', () => {
    // 12,345 × 10 % = 1,234.5
    expect(allowedTaxValues(12_345, 10)).toEqual([1234, 1235]);
    expect(isAllowedTax(12_345, 1233, 10)).toBe(false);
    expect(isAllowedTax(12_345, 1236, 10)).toBe(false);
    // 1,001 × 8 % = 80.08: down and nearest are 80, up is 81
    expect(allowedTaxValues(1001, 8)).toEqual([80, 81]);
  });

  it('allows one value when the tax comes out in whole yen', () => {
    expect(allowedTaxValues(120_000, 10)).toEqual([12_000]);
    expect(allowedTaxValues(0, 8)).toEqual([0]);
  });

  it('takes a credit note (a negative base) with its negative tax', () => {
    // −12,345 × 10 % = −1,234.5
    expect(allowedTaxValues(-12_345, 10)).toEqual([-1235, -1234]);
    expect(isAllowedTax(-12_345, 1234, 10)).toBe(false);
  });

  it('stays exact at the largest accepted amount', () => {
    expect(allowedTaxValues(9_999_999_999_999, 10)).toEqual([999_999_999_999, 1_000_000_000_000]);
  });
});
