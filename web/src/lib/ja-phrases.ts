// Japanese text cut into phrases (文節), the places a line may break: Chromium's
// `word-break: auto-phrase` does this only where the browser was built with its phrase model, and
// Debian's Chromium (among others) breaks between any two characters instead (「株式会社東和ル / ーフ」,
// 「第 / 1団地」, 「くださ / い」). The words come from Intl.Segmenter's dictionary; a few rules,
// BudouX's in spirit, join them into phrases.

/** Characters a line may not start with (JIS X 4051 strict 行頭禁則): small kana, the prolonged sound mark, closing brackets and punctuation. */
const NO_LINE_START =
  /^[ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰ-ㇿーｰ々ゝゞヽヾ、。，．,.・：；:;！？!?）」』】〕〉》］｝)\]}〜～ｧ-ｯ]/u;
/** Characters a line may not end with: opening brackets. */
const NO_LINE_END = /[（「『【〔〈《［｛([{]$/u;
/** A code or number: letters, digits and the marks that hold them together (SPM-450-AL, M8×40, 1,158, 1-2-3). */
const CODE_START = /^[0-9A-Za-z０-９Ａ-Ｚａ-ｚ\-‐－×.,/#]/u;
const CODE_END = /[0-9A-Za-z０-９Ａ-Ｚａ-ｚ\-‐－×.,/#]$/u;
const DIGIT_START = /^[0-9０-９]/u;
const DIGIT_END = /[0-9０-９]$/u;
const HIRAGANA = /^[\u3041-\u309F]+$/u;
const KANJI_ONE = /^[\u4E00-\u9FFF]$/u;
/** Words of kanji or katakana only, which make compound nouns together (新築|工事, 屋根|用|取付|金具). */
const NOUN = /^[\u4E00-\u9FFF々\u30A1-\u30FAー]+$/u;
const NOUN_END = /[\u4E00-\u9FFF々\u30A1-\u30FAー]$/u;
/** The kind of a company, a phrase of its own before or after the name (株式会社 / 東和ルーフ). */
const COMPANY_KIND = /^(株式会社|有限会社|合同会社|合資会社|合名会社)$/u;
const SPACE = /^\s+$/u;
/** Honorific prefixes, which belong to the word after them (ご確認, お届け). */
const PREFIXES = new Set(['お', 'ご', '御']);

export interface Phrase {
  text: string;
  /** A code or number (KR-1020, M8×40): kept whole on its line where it fits. */
  code: boolean;
}

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter('ja', { granularity: 'word' })
    : null;

/**
 * Whether the word `next` belongs to the phrase that ends with `last` (no break between them).
 * `counterPending`: `last` is a one-kanji counter after a number (5|分, 11|月).
 */
function joins(
  last: string,
  next: string,
  prefixPending: boolean,
  counterPending: boolean,
): boolean {
  if (SPACE.test(last) || SPACE.test(next)) return false;
  if (prefixPending) return true;
  // A number after a counter goes on with the same quantity (4分05秒, 2026年11月28日): one phrase.
  if (counterPending && DIGIT_START.test(next)) return true;
  if (NO_LINE_START.test(next) || NO_LINE_END.test(last)) return true;
  // Particles and the kana ending of a word (を, に, くだ|さい) stay with what they follow.
  if (HIRAGANA.test(next) && !PREFIXES.has(next)) return true;
  // A compound noun stays whole (新築工事, 太陽光発電設置工事, 東和ルーフ), but for the company's kind.
  if (COMPANY_KIND.test(last) || COMPANY_KIND.test(next)) return false;
  if (NOUN_END.test(last) && NOUN.test(next) && next !== '第') return true;
  // One kanji after a word is its suffix (4丁目|計画 aside: 八王子|市).
  if (KANJI_ONE.test(next) && !KANJI_ONE.test(last) && next !== '第') return true;
  // Codes and numbers stay whole; a number keeps its counter (1団地, 1,158個) and 第 its number.
  if (CODE_END.test(last) && CODE_START.test(next)) return true;
  if (DIGIT_END.test(last) && !HIRAGANA.test(next)) return true;
  if (last.endsWith('第') && DIGIT_START.test(next)) return true;
  return false;
}

const cache = new Map<string, Phrase[]>();

/**
 * The phrases of a text, in order; their texts joined give the text back. Where the browser has
 * no Intl.Segmenter, the whole text is one phrase (the browser's own breaking applies).
 */
export function phrasesOf(text: string): Phrase[] {
  const known = cache.get(text);
  if (known) return known;
  const phrases: Phrase[] = [];
  if (!segmenter) {
    phrases.push({ text, code: false });
  } else {
    let current = '';
    let last = '';
    let prefixPending = false;
    let counterPending = false;
    for (const { segment } of segmenter.segment(text)) {
      if (current && joins(last, segment, prefixPending, counterPending)) {
        current += segment;
      } else {
        if (current) phrases.push({ text: current, code: false });
        current = segment;
      }
      prefixPending = PREFIXES.has(segment);
      counterPending = KANJI_ONE.test(segment) && DIGIT_END.test(last);
      last = segment;
    }
    if (current) phrases.push({ text: current, code: false });
    for (const phrase of phrases)
      phrase.code = /^[\x21-\x7E×]+$/u.test(phrase.text) && /[-‐]/u.test(phrase.text);
  }
  if (cache.size > 5000) cache.clear();
  cache.set(text, phrases);
  return phrases;
}
