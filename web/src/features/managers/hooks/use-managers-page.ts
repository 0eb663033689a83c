import type { ManagedUser } from '@domain/api/user';
import { normaliseMail } from '@domain/mail-address';
import { managerRowProblems, userTypesOffered } from '@domain/manager-row';
import { useEffect, useMemo, useState } from 'react';
import { type EditRow, useEditRows } from '../../../hooks/use-edit-rows';
import { useSession } from '../../../lib/session';
import { useManagedUsers } from '../api/get-managed-users';
import { useUserTypes } from '../api/get-user-types';
import { useManagedCustomers } from '../api/use-managed-customers';
import {
  DEFAULT_MANAGER_SORT,
  type ManagerSort,
  sortManagedUsers,
  toggleSort,
} from '../utils/manager-sort';
import {
  ALL_CUSTOMERS,
  codeOrNull,
  customerLabel,
  EMPTY_USER,
  toValues,
  type UserValues,
} from '../utils/manager-values';
import { useManagerSaves } from './use-manager-saves';

/** docs/product.md §2 Managers: the state of the managers page and what its controls do. */
export function useManagersPage() {
  const { staff, customers, isError: customersFailed } = useManagedCustomers();
  const userTypes = useUserTypes();
  // Staff must choose a customer; the others start with every customer of their corporation.
  const [filter, setFilter] = useState<string>(staff ? '' : ALL_CUSTOMERS);
  const [sort, setSort] = useState<ManagerSort>(DEFAULT_MANAGER_SORT);
  const [errorOpen, setErrorOpen] = useState(false);

  // The signed-in person's own rows: their permission and customer stay, and they cannot delete
  // them (the server refuses too); another manager or staff makes such changes.
  const { userInfo } = useSession();
  const isOwn = (row: EditRow<UserValues>) =>
    !row.isNew && normaliseMail(row.original.mail) === normaliseMail(userInfo?.mail ?? '');

  const chosenCodes = filter === '' ? null : filter === ALL_CUSTOMERS ? [] : [Number(filter)];
  const users = useManagedUsers(chosenCodes);

  const sortedUsers = useMemo(
    () => (users.data ? sortManagedUsers(users.data, sort) : undefined),
    [users.data, sort],
  );
  // A new row starts with the customer shown, when one is (a row for another would vanish from
  // this list once saved).
  const newUser = useMemo(
    () => ({ ...EMPTY_USER, customer_code: filter === ALL_CUSTOMERS ? '' : filter }),
    [filter],
  );
  const editor = useEditRows<ManagedUser, UserValues>({
    items: chosenCodes === null ? [] : sortedUsers,
    getId: (user) => user.id,
    toValues,
    emptyValues: newUser,
    validate: managerRowProblems,
  });

  // docs/product.md §8: a list that cannot be loaded opens the error dialog.
  useEffect(() => {
    if (users.isError || userTypes.isError || customersFailed) setErrorOpen(true);
  }, [users.isError, userTypes.isError, customersFailed]);

  const customerName = (code: number) => customers?.find((c) => c.code === code)?.name ?? '';
  const typeName = (id: string) =>
    userTypes.data?.find((t) => String(t.id) === id)?.user_type_name ?? '';
  const customerOptions = (customers ?? []).map((c) => ({
    value: String(c.code),
    label: customerLabel(c),
  }));
  const typeOptions = (customerCode: string) =>
    userTypesOffered(codeOrNull(customerCode), userTypes.data ?? []).map((t) => ({
      value: String(t.id),
      label: t.user_type_name,
    }));

  /** A column header's click: the same field again turns the direction. */
  const sortBy = (field: ManagerSort['field']) => setSort((current) => toggleSort(current, field));

  const { register, confirmDelete } = useManagerSaves({
    editor,
    customerName,
    reload: () => void users.refetch(),
    openError: () => setErrorOpen(true),
  });

  const filterOptions = [
    ...(staff ? [{ value: '', label: '選択してください', disabled: true }] : []),
    ...(staff ? [] : [{ value: ALL_CUSTOMERS, label: 'すべて表示' }]),
    ...customerOptions,
  ];

  return {
    customersLoading: customers === undefined,
    filter,
    setFilter,
    filterOptions,
    sort,
    setSort,
    chosen: chosenCodes !== null,
    users,
    editor,
    sortBy,
    customerOptions,
    typeOptions,
    isOwn,
    register,
    confirmDelete,
    customerName,
    typeName,
    errorOpen,
    closeError: () => setErrorOpen(false),
  };
}

export type ManagersPageState = ReturnType<typeof useManagersPage>;
