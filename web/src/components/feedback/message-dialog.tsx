import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DialogModal } from './dialog-modal';

/**
 * The portal's message dialog (docs/product.md §4 and §8): a title, a message and 閉じる; with
 * `onConfirm`, the yes/no question いいえ / はい instead. A message that is absent (false or null:
 * the data a closing dialog showed is gone) leaves the dialog empty while it fades out.
 */
export function MessageDialog({
  opened,
  onClose,
  title,
  onConfirm,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  onConfirm?: () => void;
  children: ReactNode;
}) {
  const shown = children !== false && children !== null && children !== undefined;
  return (
    <DialogModal opened={opened} onClose={onClose} title={title} centered>
      {shown && (
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            {onConfirm ? (
              <>
                <Button variant="default" onClick={onClose}>
                  いいえ
                </Button>
                <Button onClick={onConfirm}>はい</Button>
              </>
            ) : (
              <Button onClick={onClose}>閉じる</Button>
            )}
          </Group>
        </Stack>
      )}
    </DialogModal>
  );
}
