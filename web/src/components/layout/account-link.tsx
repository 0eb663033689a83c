import { ActionIcon } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { HeaderTooltip } from './header-tooltip';

/** The header's way to the account page, beside the logout icon on both layouts. */
export function AccountLink() {
  const { pathname } = useLocation();
  const current = pathname === paths.account.path;
  return (
    <HeaderTooltip label={paths.account.pageName}>
      <ActionIcon
        component={Link}
        to={paths.account.path}
        variant={current ? 'light' : 'subtle'}
        color="white"
        size="lg"
        aria-label={paths.account.pageName}
        aria-current={current ? 'page' : undefined}
      >
        <IconUserCircle size={24} stroke={1.8} aria-hidden="true" />
      </ActionIcon>
    </HeaderTooltip>
  );
}
