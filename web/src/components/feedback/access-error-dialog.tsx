import { Anchor, Stack, Text } from '@mantine/core';
import { useAppConfig } from '../../lib/app-config';
import { ACCESS_ERROR_MESSAGE, SUPPORT_CONTACT_LABEL } from '../../lib/feedback-messages';
import { MessageDialog } from './message-dialog';

function SupportContact() {
  const { supportEmail } = useAppConfig();
  return (
    <Text size="sm">
      {SUPPORT_CONTACT_LABEL}:{' '}
      <Anchor href={`mailto:${supportEmail}`} size="sm">
        {supportEmail}
      </Anchor>
    </Text>
  );
}

/** docs/product.md §8: the error dialog of failed calls, with the support contact (config supportEmail). */
export function AccessErrorDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <MessageDialog opened={opened} onClose={onClose} title="エラー">
      <Text role="alert">{ACCESS_ERROR_MESSAGE}</Text>
      <SupportContact />
    </MessageDialog>
  );
}

/** The same message inline, where a section of a screen failed to load. */
export function AccessErrorAlertText() {
  return (
    <Stack gap={4}>
      <Text size="sm">{ACCESS_ERROR_MESSAGE}</Text>
      <SupportContact />
    </Stack>
  );
}
