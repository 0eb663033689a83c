import { phrasesOf } from '../../../lib/ja-phrases';

/**
 * How a tile shows a long name. A tile holds about three lines of 15 half-width characters (a
 * full-width one counts two); documents of this trade differ at their end (…_第11版.pdf,
 * …_第12版.pdf), so a name longer than three lines keeps its end on a line of its own and its
 * start is cut instead (two lines, then …). The end starts at a phrase (「…_改訂 / _第11版.pdf」,
 * never 「…くだ / さい.txt」); a Japanese name whose last phrase is wider than the line is shown
 * whole instead, its phrases wrapping. Null: the name is shown whole.
 */
export function tileNameParts(name: string): { head: string; tail: string } | null {
  const chars = [...name];
  const total = chars.reduce((sum, c) => sum + widthOf(c), 0);
  if (total <= NAME_FITS) return null;
  let tailWidth = 0;
  let start = chars.length;
  while (start > 0 && tailWidth + widthOf(chars[start - 1]!) <= TAIL_WIDTH) {
    start -= 1;
    tailWidth += widthOf(chars[start]!);
  }
  let offset = 0;
  for (const phrase of phrasesOf(name)) {
    if (offset >= start && offset > 0) return cut(chars, offset);
    offset += [...phrase.text].length;
  }
  // No phrase starts within the last line: a cut between two half-width characters (a code, an
  // English name) is still a place a line may break.
  return widthOf(chars[start - 1]!) === 1 && widthOf(chars[start]!) === 1
    ? cut(chars, start)
    : null;
}

const cut = (chars: string[], at: number) => ({
  head: chars.slice(0, at).join(''),
  tail: chars.slice(at).join(''),
});

/** Half-width characters in three lines of a tile, with room for breaks between phrases. */
const NAME_FITS = 40;
/** Half-width characters the last line keeps: one line of the narrowest tile (a phone's). */
const TAIL_WIDTH = 13;

/** 2 for a full-width character (kana, kanji, full-width forms), else 1. */
function widthOf(char: string): number {
  const code = char.codePointAt(0)!;
  return code >= 0x1100 && !(code >= 0xff61 && code <= 0xffdc) ? 2 : 1;
}
