import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useSession } from '../../lib/session';

export function LogoutButton() {
  const { signOut } = useSession();
  return (
    <Tooltip label="ログアウト" withArrow>
      <ActionIcon
        variant="subtle"
        color="white"
        size="lg"
        aria-label="ログアウト"
        onClick={() => signOut()}
      >
        <IconLogout size={22} stroke={1.8} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
