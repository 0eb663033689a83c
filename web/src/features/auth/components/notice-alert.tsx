import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { LoginNotice } from '../../../lib/session';

const LOOKS = {
  error: { color: 'red', Icon: IconAlertCircle },
  success: { color: 'teal', Icon: IconCircleCheck },
  info: { color: 'blue', Icon: IconInfoCircle },
} as const;

/** A message of the sign-in screens; errors are announced at once (role alert). */
export function NoticeAlert({ notice }: { notice: LoginNotice }) {
  const { color, Icon } = LOOKS[notice.kind];
  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon size={20} aria-hidden="true" />}
      role={notice.kind === 'error' ? 'alert' : 'status'}
    >
      <Stack gap={4}>
        {notice.lines.map((line) => (
          <Text key={line} size="sm" c="inherit">
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
