import { canOpenManagers, isStaff } from '@domain/user-type';
import { NavLink } from '@mantine/core';
import {
  IconFileInvoice,
  IconFolder,
  IconHistory,
  IconHome,
  IconListDetails,
  IconMessageQuestion,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import classes from './side-nav.module.css';

const InquiryCount = lazy(() => import('./inquiry-count'));

const entries: { path: string; label: string; icon: TablerIcon }[] = [
  { path: paths.top.path, label: 'TOP', icon: IconHome },
  { path: paths.orders.path, label: paths.orders.pageName, icon: IconListDetails },
  { path: paths.sharedFiles.path, label: paths.sharedFiles.pageName, icon: IconFolder },
  { path: paths.documents.path, label: paths.documents.pageName, icon: IconFileInvoice },
  { path: paths.inquiries.path, label: paths.inquiries.pageName, icon: IconMessageQuestion },
];

/**
 * For staff and corporate administrators (every type but 2, docs/product.md §2 "restricted"): user
 * administration (the managers page, also linked from the footer) and the audit view.
 */
const administrationEntries = [
  { path: paths.managers.path, label: 'ユーザー管理', icon: IconUsers },
  { path: paths.audit.path, label: paths.audit.pageName, icon: IconHistory },
];

/**
 * The three entries of docs/product.md §2 with the documents screen (and ユーザー管理 and 操作履歴 for those who may use
 * them), the current one highlighted; on a phone the same list is the menu's.
 */
export function SideNav() {
  const { pathname } = useLocation();
  const { userInfo } = useSession();
  // Staff see how many requests wait for them (未対応) beside お問い合わせ.
  const staff = userInfo !== null && isStaff(userInfo);
  const shown =
    userInfo !== null && canOpenManagers(userInfo.userTypeId)
      ? [...entries, ...administrationEntries]
      : entries;
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
            rightSection={
              path === paths.inquiries.path && staff ? (
                <Suspense fallback={null}>
                  <InquiryCount />
                </Suspense>
              ) : undefined
            }
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
