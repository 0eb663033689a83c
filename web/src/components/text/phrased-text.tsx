import { Fragment } from 'react';
import { phrasesOf } from '../../lib/ja-phrases';
import classes from './phrased-text.module.css';

const SPACE = /^\s+$/u;

/**
 * A name or sentence that breaks lines between its phrases (「株式会社東和 / ルーフ 本社」 rather than
 * 「株式会社東和ル / ーフ」), whatever the browser's own phrase support: the phrases come from
 * lib/ja-phrases.ts, with a <wbr> between two of them and no break inside (keep-all).
 *
 * `sizing`: in a table that takes its columns' widths from their content (no fixed layout), the
 * longest phrase sets its column's least width; otherwise such a column may be squeezed to a
 * character a line, and a break forced there ignores the line-start rules (「東和ル / ーフ」).
 */
export function PhrasedText({
  text,
  sizing = false,
}: {
  text: string | null | undefined;
  sizing?: boolean;
}) {
  if (!text) return null;
  const phrases = phrasesOf(text);
  return (
    <span className={sizing ? `${classes.phrased} ${classes.sizing}` : classes.phrased}>
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
