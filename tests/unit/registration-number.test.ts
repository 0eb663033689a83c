import { describe, expect, it } from 'vitest';
import {
  corporateNumberCheckDigit,
  registrationNumberProblem,
} from '../../domain/registration-number';

describe('登録番号 rule (domain/registration-number.ts)', () => {
  it.each([
    // Published 法人番号 (国税庁's first) as 登録番号.
    ['T7000012050002'],
    ['T1180301018771'],
    ['T5010401067252'],
  ])('accepts the published registration number %s', (value) => {
    expect(registrationNumberProblem(value)).toBeNull();
  });

  it('computes the check digit from the twelve digits counted from the right', () => {
    expect(corporateNumberCheckDigit('000012050002')).toBe(7);
    expect(corporateNumberCheckDigit('180301018771')).toBe(1);
    // Σ = 0 gives 9 − 0 = 9: the check digit is never 0.
    expect(corporateNumberCheckDigit('000000000000')).toBe(9);
  });

  it.each([
    ['T8000012050002'], // 国税庁's number with its check digit changed
    ['T7000012050003'], // …or its last digit
    ['T1180301018717'], // two digits swapped
  ])('refuses %s, whose check digit does not fit', (value) => {
    expect(registrationNumberProblem(value)).toBe('check-digit');
  });

  it.each([
    [''],
    ['7000012050002'], // no T
    ['t7000012050002'], // lower-case t
    ['T700001205000'], // 12 digits
    ['T70000120500021'], // 14 digits
    ['T7000-01205-0002'],
    ['T７０００012050002'], // full-width digits
    [' T7000012050002'],
  ])('refuses %j as not "T" and 13 digits', (value) => {
    expect(registrationNumberProblem(value)).toBe('format');
  });
});
