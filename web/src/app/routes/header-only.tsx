import { AppShell } from '@mantine/core';
import { AppHeader } from '../../components/layout/app-header';
import { usePageTitle } from '../../hooks/use-page-title';

/** docs/product.md §2 /header: the fallback when the user data is missing shows the header only. */
export function HeaderOnly() {
  usePageTitle();
  return (
    <AppShell header={{ height: 64 }}>
      <AppShell.Header bg="brand.9">
        <AppHeader />
      </AppShell.Header>
    </AppShell>
  );
}
