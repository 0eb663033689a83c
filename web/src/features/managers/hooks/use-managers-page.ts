import type { ManagedUser } from '@domain/api/user';
import { normaliseMail } from '@domain/mail-address';
import { managerRowProblems, userTypesOffered } from '@domain/manager-row';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type EditRow, useEditRows } from '../../../hooks/use-edit-rows';
import { useStaffCustomer } from '../../../hooks/use-staff-customer';
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
  customerCodeOf,
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
  // The customer shown lives in the address (?customer=10001), as on the orders and shared-files
  // screens: a link or a reload shows the same one. Staff must choose a customer (or keep the one
  // of the other screens); the others start with every customer of their corporation. A code that
  // is not among the customers this person manages shows none of theirs (the server refuses it too).
  const [params, setParams] = useSearchParams();
  const inAddress = customerCodeOf(params.get('customer'));
  const managed = (code: number | null) => customers?.some((c) => c.code === code) ?? false;
  const staffCustomer = useStaffCustomer({
    staff,
    inAddress,
    known: managed(inAddress),
    putInAddress: (code) => setParams({ customer: String(code) }, { replace: true }),
  });
  const shown = staff ? staffCustomer : inAddress;
  const unknownCustomer =
    shown !== null && customers !== undefined && !managed(shown) ? shown : null;
  const filter =
    shown === null || unknownCustomer !== null ? (staff ? '' : ALL_CUSTOMERS) : String(shown);
  const setFilter = (value: string) =>
    setParams(value === '' || value === ALL_CUSTOMERS ? {} : { customer: value });
  const [sort, setSort] = useState<ManagerSort>(DEFAULT_MANAGER_SORT);
  const [errorOpen, setErrorOpen] = useState(false);

  // The signed-in person's own rows: their permission and customer stay, and they cannot delete
  // them (the server refuses too); another manager or staff makes such changes.
  const { userInfo } = useSession();
  const isOwn = (row: EditRow<UserValues>) =>
    !row.isNew && normaliseMail(row.original.mail) === normaliseMail(userInfo?.mail ?? '');

  // Nothing is asked for a code still to be checked against the customers' list.
  const chosenCodes =
    filter === '' || (shown !== null && customers === undefined)
      ? null
      : filter === ALL_CUSTOMERS
        ? []
        : [Number(filter)];
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
    /** The address's customer code when it is none of this person's customers. */
    unknownCustomer,
    staff,
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
