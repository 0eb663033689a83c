import { STAFF_USER_TYPE_ID } from '@domain/constants';
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { EditRowsTable } from '../../../components/edit-rows/edit-rows-table';
import { UnsavedChangesGuard } from '../../../components/edit-rows/unsaved-changes';
import { AccessErrorDialog } from '../../../components/feedback/access-error-dialog';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useSession } from '../../../lib/session';
import { useManagersPage } from '../hooks/use-managers-page';
import { CHOOSE_CUSTOMER_PROMPT, unknownCustomerText } from '../utils/manager-messages';
import { managerColumns } from './manager-columns';
import { ManagerDeleteDialog } from './manager-delete-dialog';
import { useSecondFactorReset } from './manager-second-factor-reset';
import { useSignInActions } from './manager-sign-in-state';
import { ManagersToolbar } from './managers-toolbar';

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
  const page = useManagersPage();
  const { chosen, users, editor } = page;
  const { userInfo } = useSession();
  const secondFactorReset = useSecondFactorReset();
  const signInActions = useSignInActions();

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {paths.managers.pageName}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <ManagersToolbar page={page} />
          {page.unknownCustomer !== null && (
            <Alert
              variant="light"
              color="orange"
              icon={<IconInfoCircle size={20} aria-hidden="true" />}
            >
              {unknownCustomerText(page.unknownCustomer, page.staff)}
            </Alert>
          )}
          {!chosen ? (
            page.unknownCustomer === null && (
              <Alert variant="light" icon={<IconInfoCircle size={20} aria-hidden="true" />}>
                {CHOOSE_CUSTOMER_PROMPT}
              </Alert>
            )
          ) : users.isPending ? (
            <Group justify="center" py="lg">
              <Loader size="sm" aria-label="読み込み中" />
            </Group>
          ) : (
            <EditRowsTable
              label="利用者"
              rows={editor.rows}
              columns={managerColumns({
                sort: page.sort,
                onSort: page.sortBy,
                customerOptions: page.customerOptions,
                typeOptions: page.typeOptions,
                isOwn: page.isOwn,
                userOf: (id) => users.data?.find((u) => u.id === id),
                signInActions,
                // Staff reset another person's second factor.
                ...(userInfo?.userTypeId === STAFF_USER_TYPE_ID
                  ? { onResetSecondFactor: secondFactorReset.request }
                  : {}),
              })}
              rowLabel={(row) =>
                row.isNew ? '新規の利用者' : `${row.original.mail}（${row.original.customer_code}）`
              }
              onChange={editor.changeValue}
              onRegister={page.register}
              onDelete={(row) => editor.requestDelete(row.key)}
              canDelete={(row) => !page.isOwn(row)}
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
      <ManagerDeleteDialog page={page} />
      {secondFactorReset.dialog}
      <AccessErrorDialog opened={page.errorOpen} onClose={page.closeError} />
    </Stack>
  );
}
