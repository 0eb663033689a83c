import { VisuallyHidden } from '@mantine/core';

/**
 * A date picker's label: 開始 or 終了 under the range's heading, named after the range in full
 * (受注日（開始）, 取引年月日（終了）…) to a screen reader. A visible label rather than an
 * aria-label: the picker is a button whose text is its date (or 指定なし), and an aria-label would
 * hide that text from its name (WCAG 2.5.3).
 */
export function DateLabel({ end, kind }: { end: '開始' | '終了'; kind: string }) {
  return (
    <>
      {/* One hidden run for the name: pieces around the visible word would be read apart
          (Chromium names it 「受注日（ 開始 ）」). */}
      <VisuallyHidden>{`${kind}（${end}）`}</VisuallyHidden>
      <span aria-hidden="true">{end}</span>
    </>
  );
}
