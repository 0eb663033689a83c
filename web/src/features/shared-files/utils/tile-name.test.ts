import { describe, expect, it } from 'vitest';
import { tileNameParts } from './tile-name';

describe('a long name on a tile', () => {
  it('is whole while it fits three lines', () => {
    expect(tileNameParts('施工マニュアル.pdf')).toBeNull();
    expect(tileNameParts('SR-200_installation_manual_2026.pdf')).toBeNull();
  });

  it('keeps its end, which tells versions apart, and cuts its start', () => {
    const v11 = '令和8年度_太陽光発電設備用架台_SPM-450シリーズ_施工要領書_改訂_第11版.pdf';
    const v12 = v11.replace('第11版', '第12版');
    expect(tileNameParts(v11)).toEqual({
      head: '令和8年度_太陽光発電設備用架台_SPM-450シリーズ_施工要領書_改',
      tail: '訂_第11版.pdf',
    });
    expect(tileNameParts(v12)?.tail).toBe('訂_第12版.pdf');
  });

  it('gives the last line at most one narrow line: 13 half-width or 6 full-width characters', () => {
    const ascii = tileNameParts(`${'a'.repeat(40)}_version-12.xlsx`)!;
    expect(ascii.tail).toBe('rsion-12.xlsx');
    const kana = tileNameParts('あ'.repeat(30))!;
    expect(kana.tail).toBe('あ'.repeat(6));
    expect(kana.head + kana.tail).toBe('あ'.repeat(30));
  });
});
