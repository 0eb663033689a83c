import { describe, expect, it } from 'vitest';
import { phrasesOf } from './ja-phrases';

const cut = (text: string) => phrasesOf(text).map((p) => p.text);

describe('the phrases a line may break between', () => {
  it.each([
    ['株式会社東和ルーフ 本社', ['株式会社', '東和ルーフ', ' ', '本社']],
    ['世田谷市営住宅 第1団地 屋根改修', ['世田谷市営住宅', ' ', '第1団地', ' ', '屋根改修']],
    ['(仮称)明神町4丁目計画 新築工事', ['(仮称)', '明神町', '4丁目計画', ' ', '新築工事']],
    ['内容をご確認ください', ['内容を', 'ご確認ください']],
    ['午前中にお届けください', ['午前中に', 'お届けください']],
    ['屋根用取付金具 KR-1020 (ブラック)', ['屋根用取付金具', ' ', 'KR-1020', ' ', '(ブラック)']],
    ['1,158個', ['1,158個']],
    [
      'あと4分05秒で自動的にログアウトします',
      ['あと', '4分05秒で', '自動的に', 'ログアウトします'],
    ],
    ['2026年11月28日に出荷', ['2026年11月28日に', '出荷']],
  ])('%s', (text, phrases) => {
    expect(cut(text)).toEqual(phrases);
    expect(cut(text).join('')).toBe(text);
  });

  it('marks a model code, which moves to the next line whole', () => {
    expect(phrasesOf('SPM-450-AL パネル取付レール')[0]).toEqual({ text: 'SPM-450-AL', code: true });
  });
});
