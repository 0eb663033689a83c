import { describe, expect, it } from 'vitest';
import { plainFileNameProblem } from '../../domain/shared-path';

// The one plain-file-name rule (domain/shared-path.ts): the ledger import refuses any other
// document file name, and the order-document downloads (one file, a bulk zip) answer 400
// INVALID_PATH for one.

describe('plainFileNameProblem', () => {
  it.each([
    '請求書 2026.11.pdf',
    '納品書_10001_2026-11-22.pdf',
    '100%達成.pdf',
    'a'.repeat(255),
    'あ'.repeat(85),
  ])('takes %j as one plain name', (name) => {
    expect(plainFileNameProblem(name)).toBeNull();
  });

  it.each([
    ['', 'empty'],
    ['a/b.pdf', 'not-a-single-name'],
    ['/b.pdf', 'absolute'],
    ['C:', 'absolute'],
    ['a\\b.pdf', 'backslash'],
    ['.', 'dot-segment'],
    ['..', 'dot-segment'],
    ['a\nb.pdf', 'control-character'],
    ['a\u0000.pdf', 'control-character'],
    ['a\u0085.pdf', 'control-character'],
    ['a%2Fb.pdf', 'encoded-separator'],
    ['%2e%2e', 'encoded-separator'],
    ['a%5cb', 'encoded-separator'],
    ['a'.repeat(256), 'too-long'],
    // 86 characters of three UTF-8 bytes each: 258 bytes.
    ['あ'.repeat(86), 'too-long'],
  ])('refuses %j: %s', (name, problem) => {
    expect(plainFileNameProblem(name)).toBe(problem);
  });
});
