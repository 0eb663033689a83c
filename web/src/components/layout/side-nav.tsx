import { canOpenManagers } from '@domain/user-type';
import { NavLink } from '@mantine/core';
import {
  IconFolder,
  IconHistory,
  IconHome,
  IconListDetails,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import classes from './side-nav.module.css';

const entries: { path: string; label: string; icon: TablerIcon }[] = [
  { path: paths.top.path, label: 'TOP', icon: IconHome },
  { path: paths.orders.path, label: paths.orders.pageName, icon: IconListDetails },
  { path: paths.sharedFiles.path, label: paths.sharedFiles.pageName, icon: IconFolder },
];

/** Issue 22: the audit view, for staff and corporate administrators (every type but 2). */
const auditEntry = { path: paths.audit.path, label: paths.audit.pageName, icon: IconHistory };

/** The three entries of docs/product.md §2 (and 操作履歴 for managers), the current one highlighted. */
export function SideNav() {
  const { pathname } = useLocation();
  const { userInfo } = useSession();
  const shown =
    userInfo !== null && canOpenManagers(userInfo.userTypeId) ? [...entries, auditEntry] : entries;
  return (
    <nav aria-label="メインメニュー">
      {shown.map(({ path, label, icon: Icon }) => {
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
