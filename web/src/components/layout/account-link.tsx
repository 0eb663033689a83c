import { ActionIcon, Tooltip } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';

/** The header's way to the account page (issue 21), beside the logout icon on both layouts. */
export function AccountLink() {
  const { pathname } = useLocation();
  const current = pathname === paths.account.path;
  return (
    <Tooltip label={paths.account.pageName} withArrow>
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
    </Tooltip>
  );
}
