import type { ManagedUser } from '@domain/api/user';

/** docs/product.md §9: the managers page sorts by mail, name or permission. */
export type ManagerSortField = 'mail' | 'user_name' | 'user_type_id';
export type SortDirection = 'asc' | 'desc';
export interface ManagerSort {
  field: ManagerSortField;
  direction: SortDirection;
}

export const DEFAULT_MANAGER_SORT: ManagerSort = { field: 'mail', direction: 'asc' };

/** docs/product.md §2: the sort select offers mail and permission, each ascending and descending. */
export const SORT_OPTIONS: { value: string; label: string; sort: ManagerSort }[] = [
  { value: 'mail-asc', label: 'メールアドレス（昇順）', sort: { field: 'mail', direction: 'asc' } },
  {
    value: 'mail-desc',
    label: 'メールアドレス（降順）',
    sort: { field: 'mail', direction: 'desc' },
  },
  {
    value: 'user_type_id-asc',
    label: '権限（昇順）',
    sort: { field: 'user_type_id', direction: 'asc' },
  },
  {
    value: 'user_type_id-desc',
    label: '権限（降順）',
    sort: { field: 'user_type_id', direction: 'desc' },
  },
];

export const sortValue = (sort: ManagerSort) => `${sort.field}-${sort.direction}`;

/** A column header click: the same column flips its direction, another starts ascending. */
export function toggleSort(current: ManagerSort, field: ManagerSortField): ManagerSort {
  if (current.field !== field) return { field, direction: 'asc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

const collator = new Intl.Collator('ja');

function compareBy(field: ManagerSortField, a: ManagedUser, b: ManagedUser): number {
  if (field === 'user_type_id') return a.user_type_id - b.user_type_id;
  return collator.compare(a[field], b[field]);
}

/** The users in the chosen order; ties keep mail, then customer code, ascending. */
export function sortManagedUsers(users: readonly ManagedUser[], sort: ManagerSort): ManagedUser[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...users].sort(
    (a, b) =>
      sign * compareBy(sort.field, a, b) ||
      collator.compare(a.mail, b.mail) ||
      a.customer_code - b.customer_code,
  );
}
