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
      head: '令和8年度_太陽光発電設備用架台_SPM-450シリーズ_施工要領書_改訂',
      tail: '_第11版.pdf',
    });
    expect(tileNameParts(v12)?.tail).toBe('_第12版.pdf');
  });

  it('gives the last line at most one narrow line: 13 half-width or 6 full-width characters', () => {
    const ascii = tileNameParts(`${'a'.repeat(40)}_version-12.xlsx`)!;
    expect(ascii.tail).toBe('rsion-12.xlsx');
    const name = '太陽光発電設備の施工要領書と点検記録の控えと写真の一覧表';
    const japanese = tileNameParts(name)!;
    expect(japanese.tail).toBe('写真の一覧表');
    expect(japanese.head + japanese.tail).toBe(name);
  });

  it('starts its end at a phrase, or shows a Japanese name whole when none starts on the last line', () => {
    expect(tileNameParts('令和8年度_屋根材カタログ_施工前に必ずお読みください.txt')).toBeNull();
    expect(tileNameParts('あ'.repeat(30))).toBeNull();
  });
});
