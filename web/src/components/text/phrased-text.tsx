import { Fragment } from 'react';
import { phrasesOf } from '../../lib/ja-phrases';
import classes from './phrased-text.module.css';

const SPACE = /^\s+$/u;

/**
 * A name or sentence that breaks lines between its phrases (「株式会社東和 / ルーフ 本社」 rather than
 * 「株式会社東和ル / ーフ」), whatever the browser's own phrase support: the phrases come from
 * lib/ja-phrases.ts, with a <wbr> between two of them and no break inside (keep-all).
 */
export function PhrasedText({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  const phrases = phrasesOf(text);
  return (
    <span className={classes.phrased}>
      {phrases.map((phrase, i) => {
        const before = phrases[i - 1];
        const wbr = before && !SPACE.test(before.text) && !SPACE.test(phrase.text);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the phrases of one text, in its order
          <Fragment key={i}>
            {wbr && <wbr />}
            {phrase.code ? <span className={classes.code}>{phrase.text}</span> : phrase.text}
          </Fragment>
        );
      })}
    </span>
  );
}
