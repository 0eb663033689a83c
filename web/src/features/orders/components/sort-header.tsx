import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { LedgerSort, LedgerSortField } from '../../../../../domain/ledger-search';
import classes from './orders.module.css';

/** A column header that sorts the search by its column; the arrow shows the direction. */
export function SortHeader({
  label,
  field,
  sort,
  onSort,
}: {
  label: string;
  field: LedgerSortField;
  sort: LedgerSort | null;
  onSort: (field: LedgerSortField) => void;
}) {
  const active = sort?.field === field;
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton
      className={classes.sortButton}
      data-active={active || undefined}
      onClick={() => onSort(field)}
    >
      {label}
      <Icon size={14} aria-hidden="true" />
    </UnstyledButton>
  );
}

export const ariaSort = (sort: LedgerSort | null, field: LedgerSortField) =>
  sort?.field === field ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
