import { Pagination } from '@mantine/core';

const CONTROL_LABELS = {
  first: '最初のページ',
  previous: '前のページ',
  next: '次のページ',
  last: '最後のページ',
} as const;

/**
 * Numbered pages with previous and next arrows and … for the pages left out (docs/product.md §9
 * Pagination): the first and last page, and the pages around the current one — two each side on
 * a desktop, one on a phone, so that a row fits 390 px.
 */
export function PageNumbers({
  page,
  total,
  onChange,
  compact,
}: {
  page: number;
  total: number;
  onChange: (page: number) => void;
  /** The phone's size. */
  compact: boolean;
}) {
  return (
    <nav aria-label="ページ送り">
      <Pagination
        total={total}
        value={Math.min(page, total)}
        onChange={onChange}
        siblings={compact ? 1 : 2}
        boundaries={1}
        size={compact ? 'sm' : 'md'}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        getItemProps={(item) => ({ 'aria-label': `${item}ページ` })}
      />
    </nav>
  );
}
