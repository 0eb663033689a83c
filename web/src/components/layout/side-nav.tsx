import { NavLink } from '@mantine/core';
import { IconFolder, IconHome, IconListDetails, type TablerIcon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import classes from './side-nav.module.css';

const entries: { path: string; label: string; icon: TablerIcon }[] = [
  { path: paths.top.path, label: 'TOP', icon: IconHome },
  { path: paths.orders.path, label: paths.orders.pageName, icon: IconListDetails },
  { path: paths.sharedFiles.path, label: paths.sharedFiles.pageName, icon: IconFolder },
];

/** The three entries of docs/product.md §2, the current screen highlighted. */
export function SideNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="メインメニュー">
      {entries.map(({ path, label, icon: Icon }) => {
        const active = pathname === path || pathname.startsWith(`${path}/`);
        return (
          <NavLink
            key={path}
            component={Link}
            to={path}
            label={label}
            leftSection={<Icon size={20} stroke={1.7} aria-hidden="true" />}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="light"
            className={classes.link}
          />
        );
      })}
    </nav>
  );
}
