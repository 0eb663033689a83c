import type { ManagedUserWithState } from '@domain/api/user';
import { Anchor, Input, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EditSelect, EditSwitch } from '../../../components/edit-rows/edit-cells';
import { type EditColumn, textColumn } from '../../../components/edit-rows/edit-columns';
import { ariaSort, SortHeader } from '../../../components/table/sort-header';
import type { EditRow } from '../../../hooks/use-edit-rows';
import type { ManagerSort } from '../utils/manager-sort';
import { type SelectOption, type UserValues, withCurrent } from '../utils/manager-values';
import { SecondFactorResetButton } from './manager-second-factor-reset';
import { SignInStateCell, type useSignInActions } from './manager-sign-in-state';
import classes from './managers-page.module.css';

/**
 * The columns of the managers table (docs/product.md §2 Managers): mail (with the person's
 * sign-in state and its action), name, a customer-code select, a permission select, and the
 * shipment notification switch; mail, name and permission headers sort.
 */
export function managerColumns({
  sort,
  onSort,
  customerOptions,
  typeOptions,
  isOwn,
  onResetSecondFactor,
  userOf,
  signInActions,
}: {
  sort: ManagerSort;
  onSort: (field: ManagerSort['field']) => void;
  customerOptions: SelectOption[];
  typeOptions: (customerCode: string) => SelectOption[];
  /** The signed-in person's own rows: their customer and permission stay. */
  isOwn: (row: EditRow<UserValues>) => boolean;
  /** Staff only: a saved row of another person gets 「2段階認証をリセット」. */
  onResetSecondFactor?: (row: EditRow<UserValues>) => void;
  /** The saved user of a row, with its person's sign-in state. */
  userOf: (id: number) => ManagedUserWithState | undefined;
  signInActions: ReturnType<typeof useSignInActions>;
}): EditColumn<UserValues>[] {
  const staffView = onResetSecondFactor !== undefined;
  return [
    // Widths in px where the content's size is known (a name, the longest permission, a switch), so
    // that the customer select shows 「10001: 株式会社東和ルーフ 本社」 and the permissions whole at
    // 1280 px; the mail takes what is left, a saved one wrapping before its 「@」.
    savedMailColumn(
      { userOf, isOwn, actions: signInActions },
      textColumn<UserValues>('mail', 'メールアドレス', {
        type: 'email',
        header: <SortHeader label="メールアドレス" field="mail" sort={sort} onSort={onSort} />,
        headerProps: { 'aria-sort': ariaSort(sort, 'mail') },
      }),
    ),
    textColumn<UserValues>('user_name', '氏名', {
      width: 124,
      header: <SortHeader label="氏名" field="user_name" sort={sort} onSort={onSort} />,
      headerProps: { 'aria-sort': ariaSort(sort, 'user_name') },
    }),
    {
      key: 'customer_code',
      label: '取引先コード',
      // Staff see one customer at a time, named whole in the choice above the table.
      width: staffView ? 180 : 276,
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
      width: staffView ? 164 : 152,
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
    {
      key: 'shipment_mail',
      label: '出荷通知',
      width: 80,
      headerProps: { style: { whiteSpace: 'nowrap' } },
      render: (row, { hideLabel, change }) => (
        <EditSwitch
          label="出荷通知"
          hideLabel={hideLabel}
          value={row.values.shipment_mail}
          changed={row.changed.shipment_mail}
          // A new row is on, as the server makes it; it may be turned off once registered.
          disabled={row.isNew}
          onChange={(value) => change('shipment_mail', value)}
        />
      ),
    },
    ...(onResetSecondFactor
      ? [
          {
            key: 'second_factor',
            label: '2段階認証',
            width: 92,
            headerProps: { style: { whiteSpace: 'nowrap' } },
            render: (row: EditRow<UserValues>, { hideLabel }: { hideLabel: boolean }) =>
              row.isNew ? null : isOwn(row) ? (
                // Staff do not reset their own factor here: the cell says where it is set instead
                // of standing empty.
                <Text size="xs" c="dimmed">
                  ご自身は
                  <br />
                  <Anchor component={Link} to="/account" size="xs">
                    アカウント設定
                  </Anchor>
                  から
                </Text>
              ) : (
                <SecondFactorResetButton
                  row={row}
                  onReset={onResetSecondFactor}
                  // In the table the column's header names the factor; a card has no header.
                  text={hideLabel ? 'リセット' : '2段階認証をリセット'}
                />
              ),
          },
        ]
      : []),
  ];
}

/**
 * The mail column: an input on the new row; on a saved row, which keeps its mail (another mail is
 * a new row), the address as text that wraps before its 「@」, so that a long one reads whole in a
 * narrow column instead of being cut inside a read-only box; under it the person's sign-in state
 * and its action, which a column of their own would have taken from the mail's width at 1280 px.
 */
function savedMailColumn(
  signIn: {
    userOf: (id: number) => ManagedUserWithState | undefined;
    isOwn: (row: EditRow<UserValues>) => boolean;
    actions: ReturnType<typeof useSignInActions>;
  },
  column: EditColumn<UserValues>,
): EditColumn<UserValues> {
  return {
    ...column,
    render: (row, context) => {
      if (row.isNew) return column.render(row, context);
      const [local, domain] = splitMail(row.values.mail);
      const user = row.id === null ? undefined : signIn.userOf(row.id);
      return (
        <div>
          {!context.hideLabel && <Input.Label labelElement="div">メールアドレス</Input.Label>}
          <Text size="sm" className={classes.savedMail}>
            {local}
            {domain !== '' && <wbr />}
            {domain}
          </Text>
          {user && <SignInStateCell user={user} own={signIn.isOwn(row)} actions={signIn.actions} />}
        </div>
      );
    },
  };
}

/** 「name」 and 「@example.com」 (the second empty when there is no 「@」). */
function splitMail(mail: string): [string, string] {
  const at = mail.lastIndexOf('@');
  return at <= 0 ? [mail, ''] : [mail.slice(0, at), mail.slice(at)];
}
