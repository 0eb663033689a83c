import type { Locator } from '@playwright/test';

/**
 * Where the lines of each text of `scope` start, measured as the browser laid them out: a
 * character starts a line when its box is below the one before it. Each break is given as
 * 「before / after」 with a few characters either side.
 */
export async function lineBreaks(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const breaks: string[] = [];
    const range = document.createRange();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    // Characters of one block in layout order: a block (a cell's line, a card's row) starts anew.
    let chars: { c: string; top: number }[] = [];
    let block: Element | null = null;
    const flush = () => {
      for (let i = 1; i < chars.length; i++) {
        if (chars[i]!.top > chars[i - 1]!.top + 2) {
          const text = chars.map((x) => x.c).join('');
          breaks.push(`${text.slice(Math.max(0, i - 6), i)} / ${text.slice(i, i + 6)}`);
        }
      }
      chars = [];
    };
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let owner = node.parentElement;
      while (owner && getComputedStyle(owner).display.startsWith('inline')) {
        owner = owner.parentElement;
      }
      if (owner !== block) {
        flush();
        block = owner;
      }
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect && rect.width > 0) chars.push({ c: text[i]!, top: rect.top });
      }
    }
    flush();
    return breaks;
  });
}

/**
 * A break strict 禁則 (JIS X 4051) or the phrases forbid: a line starting with 「ー」, a small kana
 * or a closing mark, a break between 第 and its number, before a kana ending (「くださ / い」), or
 * after a code's hyphen (「SPM- / 450」).
 */
export const isWrongBreak = (b: string) =>
  /^[ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶー、。）」]/u.test(b.split(' / ')[1]!) ||
  /第 \/ \d/u.test(b) ||
  /[\u4E00-\u9FFF\u3041-\u309F] \/ (?![おご])[\u3041-\u309F]/u.test(b) ||
  /[A-Z0-9]- \/ [A-Z0-9]/u.test(b);
