import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useAppConfig } from '../../lib/app-config';
import { ACCESS_ERROR_MESSAGE, SUPPORT_CONTACT_LABEL } from '../../lib/feedback-messages';
import { DialogModal } from './dialog-modal';

/** docs/product.md §8: the error dialog of failed calls, with the support contact (config supportEmail). */
export function AccessErrorDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { supportEmail } = useAppConfig();
  return (
    <DialogModal opened={opened} onClose={onClose} title="エラー" centered>
      <Stack gap="md">
        <Text role="alert">{ACCESS_ERROR_MESSAGE}</Text>
        <Text size="sm">
          {SUPPORT_CONTACT_LABEL}:{' '}
          <Anchor href={`mailto:${supportEmail}`} size="sm">
            {supportEmail}
          </Anchor>
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>閉じる</Button>
        </Group>
      </Stack>
    </DialogModal>
  );
}

/** The same message inline, where a section of a screen failed to load. */
export function AccessErrorAlertText() {
  const { supportEmail } = useAppConfig();
  return (
    <Stack gap={4}>
      <Text size="sm">{ACCESS_ERROR_MESSAGE}</Text>
      <Text size="sm">
        {SUPPORT_CONTACT_LABEL}:{' '}
        <Anchor href={`mailto:${supportEmail}`} size="sm">
          {supportEmail}
        </Anchor>
      </Text>
    </Stack>
  );
}
