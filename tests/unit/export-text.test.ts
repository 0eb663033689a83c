import { describe, expect, it } from 'vitest';
import { exportableText, firstUnwritableCharacter } from '../../domain/export-text';

// Every character XML 1.0 cannot write, and DEL and the C1 controls: the whole ranges, one by one.
const unwritable = [
  ...Array.from({ length: 0x20 }, (_, i) => i).filter((c) => ![0x09, 0x0a, 0x0d].includes(c)),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0xfffe,
  0xffff,
].map((c) => String.fromCharCode(c));
const loneSurrogates = ['\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800'];

describe('text the exports write', () => {
  it.each(unwritable.map((c) => [`U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`, c]))(
    '%s is shown as 「�」 and named by the import',
    (_, c) => {
      expect(exportableText(`a${c}b${c}`)).toBe('a\ufffdb\ufffd');
      expect(firstUnwritableCharacter(`ab${c}`)).toEqual({
        position: 3,
        codePoint: `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
      });
    },
  );

  it.each(loneSurrogates)('a lone surrogate (%j) is shown as 「�」', (s) => {
    expect(exportableText(`x${s}y`)).toBe(`x${'\ufffd'.repeat(s.length)}y`);
    expect(firstUnwritableCharacter(`x${s}`)?.position).toBe(2);
  });

  it('keeps tab, line breaks, surrogate pairs and every other character as written', () => {
    const kept = '山田\t様邸\r\n𠮷野家 😀 ①～￥\u00a0\u00a1\ufffd\ufffd\ud7ff\ue000';
    expect(exportableText(kept)).toBe(kept);
    expect(firstUnwritableCharacter(kept)).toBeNull();
  });
});
