import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './app-layout.module.css';
import { SideNav } from './side-nav';

/** Layout of the signed-in screens: header, side navigation (a drawer on a phone) and footer. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const [navOpened, nav] = useDisclosure(false);
  const { pathname } = useLocation();

  // A phone closes the menu once an entry has been chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of screen
  useEffect(() => nav.close(), [pathname]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      className={classes.shell}
    >
      <AppShell.Header className={classes.header}>
        <AppHeader navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" className={classes.navbar}>
        <SideNav />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <div className={classes.content}>{children ?? <Outlet />}</div>
        <AppFooter />
      </AppShell.Main>
    </AppShell>
  );
}
