import { Table } from '@mantine/core';
import { DeleteConfirmDialog } from '../../../components/edit-rows/delete-confirm-dialog';
import { PhrasedText } from '../../../components/text/phrased-text';
import type { ManagersPageState } from '../hooks/use-managers-page';

/** docs/product.md §2 Managers: the delete confirmation shows mail, name, customer code and permission. */
export function ManagerDeleteDialog({ page }: { page: ManagersPageState }) {
  const { editor } = page;
  const pending = editor.pendingDelete;
  return (
    <DeleteConfirmDialog
      opened={pending !== null}
      itemName={pending ? `${pending.original.user_name}様` : ''}
      deleting={editor.deleting}
      onCancel={editor.cancelDelete}
      onConfirm={page.confirmDelete}
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
              <Table.Td>
                <PhrasedText text={pending.original.user_name} sizing />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>取引先コード</Table.Th>
              <Table.Td>
                <PhrasedText
                  text={`${pending.original.customer_code}: ${page.customerName(Number(pending.original.customer_code))}`}
                  sizing
                />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>権限</Table.Th>
              <Table.Td>{page.typeName(pending.original.user_type_id)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </DeleteConfirmDialog>
  );
}
