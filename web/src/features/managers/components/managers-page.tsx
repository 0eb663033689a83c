import type { ManagedUser } from '@domain/api/user';
import { MAIL_HELD_ELSEWHERE, managerRowProblems, userTypesOffered } from '@domain/manager-row';
import {
  Alert,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { DeleteConfirmDialog } from '../../../components/edit-rows/delete-confirm-dialog';
import { EditSelect } from '../../../components/edit-rows/edit-cells';
import {
  AddRowButton,
  type EditColumn,
  EditRowsTable,
  textColumn,
} from '../../../components/edit-rows/edit-rows-table';
import { UnsavedChangesGuard } from '../../../components/edit-rows/unsaved-changes';
import { AccessErrorDialog } from '../../../components/feedback/access-error-dialog';
import { ariaSort, SortHeader } from '../../../components/table/sort-header';
import { paths } from '../../../config/paths';
import { type EditRow, useEditRows } from '../../../hooks/use-edit-rows';
import { usePageTitle } from '../../../hooks/use-page-title';
import { isHttpError } from '../../../lib/http';
import { errorDescription, refusedFields } from '../../../lib/refused-fields';
import { useSession } from '../../../lib/session';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { type UserInput, useAddUser } from '../api/add-user';
import { useDeleteUser } from '../api/delete-user';
import { useManagedUsers } from '../api/get-managed-users';
import { useUserTypes } from '../api/get-user-types';
import { useUpdateUser } from '../api/update-user';
import { type ManagedCustomer, useManagedCustomers } from '../api/use-managed-customers';
import {
  CHOOSE_CUSTOMER_PROMPT,
  DUPLICATE_CUSTOMER_CODE_MESSAGE,
  DUPLICATE_MAIL_MESSAGE,
  MAIL_HELD_ELSEWHERE_MESSAGE,
  userToasts,
} from '../utils/manager-messages';
import {
  DEFAULT_MANAGER_SORT,
  type ManagerSort,
  SORT_OPTIONS,
  sortManagedUsers,
  sortValue,
  toggleSort,
} from '../utils/manager-sort';
import classes from './managers-page.module.css';

/** The row values as the inputs hold them; codes and type ids as strings ('' = not chosen). */
type UserValues = { mail: string; user_name: string; customer_code: string; user_type_id: string };

const EMPTY_USER: UserValues = { mail: '', user_name: '', customer_code: '', user_type_id: '' };
const ALL_CUSTOMERS = 'all';

const toValues = (user: ManagedUser): UserValues => ({
  mail: user.mail,
  user_name: user.user_name,
  customer_code: String(user.customer_code),
  user_type_id: String(user.user_type_id),
});

const customerLabel = (customer: ManagedCustomer) => `${customer.code}: ${customer.name}`;

const codeOrNull = (value: string) => (value === '' ? null : Number(value));

/**
 * docs/product.md §2 Managers: the users of the corporation (staff: of the chosen customer); asks before
 * changes not yet registered are left behind.
 */
export function ManagersPage() {
  return (
    <UnsavedChangesGuard>
      <ManagersPageContent />
    </UnsavedChangesGuard>
  );
}

function ManagersPageContent() {
  usePageTitle(paths.managers.pageName);
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
    !row.isNew && row.original.mail.toLowerCase() === userInfo?.mail.toLowerCase();

  const chosenCodes = filter === '' ? null : filter === ALL_CUSTOMERS ? [] : [Number(filter)];
  const users = useManagedUsers(chosenCodes);
  const add = useAddUser();
  const update = useUpdateUser();
  const remove = useDeleteUser();

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

  const columns: EditColumn<UserValues>[] = [
    textColumn<UserValues>('mail', 'メールアドレス', {
      type: 'email',
      width: '27%',
      // The server keeps a saved row's mail; another mail is a new row.
      readOnly: (row) => !row.isNew,
      header: <SortHeader label="メールアドレス" field="mail" sort={sort} onSort={onSort} />,
      headerProps: { 'aria-sort': ariaSort(sort, 'mail') },
    }),
    textColumn<UserValues>('user_name', '氏名', {
      width: '18%',
      header: <SortHeader label="氏名" field="user_name" sort={sort} onSort={onSort} />,
      headerProps: { 'aria-sort': ariaSort(sort, 'user_name') },
    }),
    {
      key: 'customer_code',
      label: '取引先コード',
      width: '23%',
      render: (row, { hideLabel, change }) => (
        <EditSelect
          label="取引先コード"
          hideLabel={hideLabel}
          value={row.values.customer_code}
          options={withCurrent(customerOptions, row.values.customer_code)}
          problem={row.problems.customer_code}
          changed={row.changed.customer_code}
          disabled={isOwn(row)}
          onChange={(value) => {
            change('customer_code', value);
            // docs/product.md §5: type 3 goes with customer 99999 only; drop a type the new customer lacks.
            if (!typeOptions(value).some((t) => t.value === row.values.user_type_id)) {
              change('user_type_id', '');
            }
          }}
        />
      ),
    },
    {
      key: 'user_type_id',
      label: '権限',
      width: '17%',
      header: <SortHeader label="権限" field="user_type_id" sort={sort} onSort={onSort} />,
      headerProps: { 'aria-sort': ariaSort(sort, 'user_type_id') },
      render: (row, { hideLabel, change }) => (
        <EditSelect
          label="権限"
          hideLabel={hideLabel}
          value={row.values.user_type_id}
          options={typeOptions(row.values.customer_code)}
          problem={row.problems.user_type_id}
          changed={row.changed.user_type_id}
          disabled={isOwn(row)}
          onChange={(value) => change('user_type_id', value)}
        />
      ),
    },
  ];

  function onSort(field: ManagerSort['field']) {
    setSort((current) => toggleSort(current, field));
  }

  const inputOf = (values: UserValues): UserInput => {
    const code = Number(values.customer_code);
    return {
      mail: values.mail.trim(),
      user_name: values.user_name.trim(),
      customer_code: code,
      customer_name: customerName(code),
      user_type_id: Number(values.user_type_id),
    };
  };

  const failSave = (error: unknown, row: EditRow<UserValues>) => {
    if (isHttpError(error, 409) && error.code === MAIL_HELD_ELSEWHERE.code) {
      // Issue 17: an account outside the administrator's corporation. Its description names the
      // mail too, so the duplicate toast below would say the wrong thing; the cell is marked as
      // registered (it is, elsewhere).
      showErrorToast(MAIL_HELD_ELSEWHERE_MESSAGE);
      editor.markProblem(row.key, 'mail', 'duplicate');
      return;
    }
    if (isHttpError(error, 409)) {
      // docs/product.md §8: the description says whether the mail or the customer code is the duplicate.
      const mail = (errorDescription(error) ?? '').includes('mail');
      showErrorToast(mail ? DUPLICATE_MAIL_MESSAGE : DUPLICATE_CUSTOMER_CODE_MESSAGE);
      editor.markProblem(row.key, mail ? 'mail' : 'customer_code', 'duplicate');
      return;
    }
    for (const field of refusedFields(error)) {
      if (field in row.values) editor.markProblem(row.key, field as keyof UserValues);
    }
    if (isHttpError(error, 404)) void users.refetch();
    setErrorOpen(true);
  };

  const register = (row: EditRow<UserValues>) => {
    editor
      .register(row.key, async ({ id, values }) => {
        const input = inputOf(values);
        if (id === null) {
          const saved = await add.mutateAsync(input);
          if (saved.is_new_account && !saved.invitation_sent) {
            showErrorToast(userToasts.createdWithoutInvitation(input.user_name));
          } else {
            showSuccessToast(
              saved.is_new_account
                ? userToasts.created(input.user_name)
                : userToasts.customerAdded(input.user_name, input.customer_code),
            );
          }
        } else {
          await update.mutateAsync({ id, input });
          showSuccessToast(userToasts.updated(input.user_name));
        }
      })
      .catch((error: unknown) => failSave(error, row));
  };

  const confirmDelete = () => {
    editor
      .confirmDelete(async ({ id, original }) => {
        await remove.mutateAsync(id!);
        showSuccessToast(userToasts.deleted(original.user_name));
      })
      .catch(() => setErrorOpen(true));
  };

  const pending = editor.pendingDelete;
  const chosen = chosenCodes !== null;
  const filterOptions = [
    ...(staff ? [{ value: '', label: '取引先コードを選択', disabled: true }] : []),
    ...(staff ? [] : [{ value: ALL_CUSTOMERS, label: 'すべて表示' }]),
    ...customerOptions,
  ];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {paths.managers.pageName}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group align="flex-end" gap="md" className={classes.toolbar}>
            <NativeSelect
              label="表示する取引先コード"
              value={filter}
              onChange={(event) => setFilter(event.currentTarget.value)}
              data={filterOptions}
              miw={{ sm: 280 }}
              rightSection={customers === undefined ? <Loader size={14} /> : undefined}
            />
            <NativeSelect
              label="並び替え"
              value={SORT_OPTIONS.some((o) => o.value === sortValue(sort)) ? sortValue(sort) : ''}
              onChange={(event) => {
                const option = SORT_OPTIONS.find((o) => o.value === event.currentTarget.value);
                if (option) setSort(option.sort);
              }}
              data={[
                { value: '', label: '氏名順', disabled: true },
                ...SORT_OPTIONS.map(({ value, label }) => ({ value, label })),
              ]}
              miw={{ sm: 200 }}
            />
            {/* docs/product.md §2: staff see the add button once a customer is chosen. */}
            {chosen && (
              <Group ml={{ sm: 'auto' }}>
                <AddRowButton
                  disabled={!editor.canAdd || !users.isSuccess}
                  onClick={editor.addRow}
                />
              </Group>
            )}
          </Group>
          {!chosen ? (
            <Alert variant="light" icon={<IconInfoCircle size={20} aria-hidden="true" />}>
              {CHOOSE_CUSTOMER_PROMPT}
            </Alert>
          ) : users.isPending ? (
            <Group justify="center" py="lg">
              <Loader size="sm" aria-label="読み込み中" />
            </Group>
          ) : (
            <EditRowsTable
              label="利用者"
              rows={editor.rows}
              columns={columns}
              rowLabel={(row) =>
                row.isNew ? '新規の利用者' : `${row.original.mail}（${row.original.customer_code}）`
              }
              onChange={editor.changeValue}
              onRegister={register}
              onDelete={(row) => editor.requestDelete(row.key)}
              canDelete={(row) => !isOwn(row)}
              emptyMessage={users.isError ? '読み込めませんでした。' : '利用者はいません。'}
              minWidth={880}
            />
          )}
          {chosen && users.isSuccess && (
            <Text size="xs" c="dimmed">
              {
                '登録済みのメールアドレスは変更できません。別のメールアドレスは新規追加してください。'
              }
              <br />
              {'ご自身の取引先コード・権限の変更と削除は、他の管理者にご依頼ください。'}
            </Text>
          )}
        </Stack>
      </Paper>
      <DeleteConfirmDialog
        opened={pending !== null}
        itemName={pending ? `${pending.original.user_name}さん` : ''}
        deleting={editor.deleting}
        onCancel={editor.cancelDelete}
        onConfirm={confirmDelete}
      >
        {pending && (
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={120}>メールアドレス</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{pending.original.mail}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>氏名</Table.Th>
                <Table.Td>{pending.original.user_name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>取引先コード</Table.Th>
                <Table.Td>
                  {pending.original.customer_code}:{' '}
                  {customerName(Number(pending.original.customer_code))}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>権限</Table.Th>
                <Table.Td>{typeName(pending.original.user_type_id)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </DeleteConfirmDialog>
      <AccessErrorDialog opened={errorOpen} onClose={() => setErrorOpen(false)} />
    </Stack>
  );
}

/** Keeps a row's saved customer in its select even when the list does not hold it. */
function withCurrent(options: { value: string; label: string }[], current: string) {
  if (current === '' || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: current }];
}
