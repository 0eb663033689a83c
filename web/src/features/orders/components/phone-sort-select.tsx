import type { LedgerSort } from '@domain/ledger-search';
import { NativeSelect } from '@mantine/core';
import { PHONE_SORT_OPTIONS, sortLabel } from '../utils/order-filters';

/** The phone's sort select (docs/product.md §2 Orders phone); '' is the default order. */
export function PhoneSortSelect({
  sort,
  onChange,
}: {
  sort: LedgerSort | null;
  /** null: the default order, newest order date first. */
  onChange: (sort: LedgerSort | null) => void;
}) {
  const value = sort ? `${sort.field}:${sort.direction}` : '';
  return (
    <NativeSelect
      aria-label="並び替え"
      value={value}
      onChange={(event) => {
        const { value: chosen } = event.currentTarget;
        const option = PHONE_SORT_OPTIONS.find((o) => o.value === chosen);
        if (option) onChange(option.sort);
        else if (chosen === '') onChange(null);
      }}
      data={[
        // The default order, to go back to after another (docs/product.md §2 lists eight sorts).
        { value: '', label: '受注日（降順）' },
        // A sort the select does not offer (a desktop column, from a shared link) is
        // named as it is, not shown as the first option.
        ...(sort && !PHONE_SORT_OPTIONS.some((o) => o.value === value)
          ? [{ value, label: sortLabel(sort), disabled: true }]
          : []),
        ...PHONE_SORT_OPTIONS.map(({ value: v, label }) => ({ value: v, label })),
      ]}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
}
