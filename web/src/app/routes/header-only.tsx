// The header's layout (the signed-in screens' AppShell) is not in the first load's styles: this
// screen, opened on its own, brings it (decision 013).
import '@mantine/core/styles/AppShell.layer.css';
import { AppShell, VisuallyHidden } from '@mantine/core';
import { AppHeader } from '../../components/layout/app-header';
import layout from '../../components/layout/app-layout.module.css';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../hooks/use-page-title';

/**
 * docs/product.md §2 /header: the header only (decision 010 §6: opened by its address alone), as
 * the signed-in screens show it, over the screens' background; the page is named for the tab and
 * for a screen reader.
 */
export function HeaderOnly() {
  usePageTitle(paths.header.pageName);
  return (
    <AppShell header={{ height: 64 }} className={layout.shell}>
      <AppShell.Header className={layout.header}>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main>
        <VisuallyHidden component="h1">{paths.header.pageName}</VisuallyHidden>
      </AppShell.Main>
    </AppShell>
  );
}
