import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ManagerSort, ManagerSortField } from './manager-sort';
import classes from './managers-page.module.css';

/** A column header that sorts by its column; the arrow shows the current direction. */
export function SortHeader({
  label,
  field,
  sort,
  onSort,
}: {
  label: string;
  field: ManagerSortField;
  sort: ManagerSort;
  onSort: (field: ManagerSortField) => void;
}) {
  const active = sort.field === field;
  const Icon = !active ? IconSelector : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
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

export const ariaSort = (sort: ManagerSort, field: ManagerSortField) =>
  sort.field === field ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
