import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import classes from './sort-header.module.css';

/** The column a table is sorted by and the direction (the orders' and the users' tables). */
export interface ColumnSort<Field extends string> {
  field: Field;
  direction: 'asc' | 'desc';
}

/**
 * A column header that sorts the table by its column: the arrow shows the direction of the sorted
 * column; the others show a muted two-way arrow.
 */
export function SortHeader<Field extends string>({
  label,
  field,
  sort,
  onSort,
}: {
  label: string;
  field: Field;
  sort: ColumnSort<Field> | null;
  onSort: (field: Field) => void;
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

/** The header's aria-sort: set on the sorted column only, as the ARIA table pattern does. */
export const ariaSort = <Field extends string>(sort: ColumnSort<Field> | null, field: Field) =>
  sort?.field === field ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
