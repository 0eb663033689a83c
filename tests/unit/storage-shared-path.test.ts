import { describe, expect, it } from 'vitest';
import { joinSharedPath, normaliseSharedPath } from '../../domain/shared-path';

describe('shared-files path rule (domain/shared-path.ts)', () => {
  it('takes the root as empty or absent, for folders only', () => {
    for (const root of ['', undefined, null]) {
      expect(normaliseSharedPath(root, 'folder')).toEqual({ ok: true, path: '', segments: [] });
      expect(normaliseSharedPath(root, 'file')).toEqual({ ok: false, problem: 'empty' });
    }
  });

  it('keeps nested Japanese paths and drops one trailing slash of a folder', () => {
    expect(normaliseSharedPath('カタログ/2026年版/', 'folder')).toEqual({
      ok: true,
      path: 'カタログ/2026年版',
      segments: ['カタログ', '2026年版'],
    });
    expect(normaliseSharedPath('カタログ/2026年版/価格表 2026 (税込).xlsx', 'file')).toMatchObject({
      ok: true,
      path: 'カタログ/2026年版/価格表 2026 (税込).xlsx',
    });
    expect(normaliseSharedPath('100%達成.pdf', 'file')).toMatchObject({ ok: true });
  });

  it('normalises to NFC, so that a name typed on a Mac matches the stored one', () => {
    const nfd = 'ハ\u309aンフレット'; // パ as ハ + combining mark
    expect(normaliseSharedPath(nfd, 'file')).toMatchObject({ ok: true, path: 'パンフレット' });
  });

  it.each([
    ['..', 'dot-segment'],
    ['../portal-20001', 'dot-segment'],
    ['a/../../x', 'dot-segment'],
    ['a/./b', 'dot-segment'],
    ['.', 'dot-segment'],
    ['/etc/passwd', 'absolute'],
    ['/', 'absolute'],
    ['C:/Windows', 'absolute'],
    ['a\\b', 'backslash'],
    ['..\\..\\x', 'backslash'],
    ['%2e%2e', 'encoded-separator'],
    ['%2E%2E/x', 'encoded-separator'],
    ['a%2fb', 'encoded-separator'],
    ['a%5Cb', 'encoded-separator'],
    ['x%00', 'encoded-separator'],
    ['x\u0000', 'control-character'],
    ['a\nb', 'control-character'],
    ['a\u007fb', 'control-character'],
    ['a\u0085b', 'control-character'],
    ['a//b', 'empty-segment'],
    ['a/b//', 'empty-segment'],
    ['あ'.repeat(86), 'too-long'],
    [`${'a/'.repeat(500)}a`, 'too-long'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(normaliseSharedPath(input, 'folder')).toEqual({ ok: false, problem });
  });

  it('refuses a trailing slash on a file and any slash in a single name', () => {
    expect(normaliseSharedPath('a/b.pdf/', 'file')).toEqual({
      ok: false,
      problem: 'empty-segment',
    });
    expect(normaliseSharedPath('施工事例', 'name')).toMatchObject({ ok: true, path: '施工事例' });
    expect(normaliseSharedPath('a/b', 'name')).toEqual({ ok: false, problem: 'not-a-single-name' });
    expect(normaliseSharedPath('..', 'name')).toEqual({ ok: false, problem: 'dot-segment' });
  });

  it('joins a folder and a child', () => {
    expect(joinSharedPath('', 'a.pdf')).toBe('a.pdf');
    expect(joinSharedPath('カタログ', 'a.pdf')).toBe('カタログ/a.pdf');
  });
});
