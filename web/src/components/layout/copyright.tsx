import { Text } from '@mantine/core';
import { useAppConfig } from '../../lib/app-config';

export function Copyright() {
  const { webTitle } = useAppConfig();
  return (
    <Text size="xs" c="dimmed">
      © {new Date().getFullYear()} {webTitle}
    </Text>
  );
}
