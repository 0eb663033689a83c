import { ActionIcon } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useSession } from '../../lib/session';
import { HeaderTooltip } from './header-tooltip';

export function LogoutButton() {
  const { signOut } = useSession();
  return (
    <HeaderTooltip label="ログアウト">
      <ActionIcon
        variant="subtle"
        color="white"
        size="lg"
        aria-label="ログアウト"
        onClick={() => signOut()}
      >
        <IconLogout size={22} stroke={1.8} aria-hidden="true" />
      </ActionIcon>
    </HeaderTooltip>
  );
}
