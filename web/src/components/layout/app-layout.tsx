// The styles of the Mantine components the signed-in screens use beyond the first load's
// (web/src/app/provider.tsx), in Mantine's cascade layer like those (decision 013). A component
// new to the app needs its file here (@mantine/core/styles/<Name>.layer.css).
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/AspectRatio.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Breadcrumbs.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useIsDesktop } from '../../hooks/use-is-desktop';
import { SessionExpiryWarning } from '../feedback/session-expiry-warning';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './app-layout.module.css';
import { CustomerSwitch } from './customer-switch';
import { SideNav } from './side-nav';

/** Layout of the signed-in screens: header, side navigation (a drawer on a phone) and footer. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const [navOpened, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const isDesktop = useIsDesktop();

  const navbar = useRef<HTMLDivElement>(null);
  const burger = useRef<HTMLButtonElement>(null);

  // A phone closes the menu once an entry has been chosen (another screen is shown).
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    nav.close();
  }

  // The phone's menu, once open, has the focus on its first entry; Escape closes it and gives the
  // focus back to the menu button.
  useEffect(() => {
    if (!navOpened) return;
    navbar.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      nav.close();
      burger.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navOpened, nav.close]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      className={classes.shell}
    >
      {/* The keyboard's first stop: past the header and the menu, straight to the screen. */}
      <a href="#main-content" className={classes.skipLink}>
        本文へ移動
      </a>
      <AppShell.Header className={classes.header}>
        <AppHeader navOpened={navOpened} onToggleNav={nav.toggle} burgerRef={burger} />
      </AppShell.Header>
      {/* Closed on the tap itself, not only on the new screen: a page with unsaved edits holds the
          move back with a question, which the open menu would otherwise cover. */}
      <AppShell.Navbar
        ref={navbar}
        p="sm"
        className={classes.navbar}
        onClick={(event) => {
          if ((event.target as Element).closest('a[href]')) nav.close();
        }}
      >
        {!isDesktop && <CustomerSwitch variant="menu" />}
        <SideNav />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <div id="main-content" tabIndex={-1} className={classes.content}>
          {children ?? <Outlet />}
        </div>
        <AppFooter />
      </AppShell.Main>
      <SessionExpiryWarning />
    </AppShell>
  );
}
