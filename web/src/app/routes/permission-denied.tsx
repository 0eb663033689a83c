import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../hooks/use-page-title';

export function PermissionDenied() {
  usePageTitle(paths.permissionDenied.pageName);
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }} maw={640} mx="auto" mt={{ base: 0, sm: 'xl' }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconLock size={30} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {paths.permissionDenied.pageName}
        </Title>
        <Text>このページにアクセスする権限がありません。</Text>
        <Button component={Link} to={paths.top.path} mt="sm">
          TOPへ戻る
        </Button>
      </Stack>
    </Paper>
  );
}
