import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DialogModal } from '../feedback/dialog-modal';

/** docs/product.md §4: deleting a saved row needs this confirmation, naming the item. */
export function DeleteConfirmDialog({
  opened,
  itemName,
  children,
  deleting,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  itemName: string;
  /** Further details of the item, e.g. the user's mail, customer code and permission. */
  children?: ReactNode;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <DialogModal opened={opened} onClose={onCancel} title="削除の確認" centered>
      <Stack gap="md">
        <Text>「{itemName}」を削除します。よろしいですか？</Text>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={deleting}>
            キャンセル
          </Button>
          <Button color="red" onClick={onConfirm} loading={deleting}>
            削除する
          </Button>
        </Group>
      </Stack>
    </DialogModal>
  );
}
