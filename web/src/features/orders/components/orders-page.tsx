import { Alert, Group, Paper, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { paths } from '../../../config/paths';
import { useHasBeenTrue } from '../../../hooks/use-has-been-true';
import { useHeightVariable } from '../../../hooks/use-height-variable';
import { usePageTitle } from '../../../hooks/use-page-title';
import { type OrdersPageState, useOrdersPage } from '../hooks/use-orders-page';
import { CHOOSE_CUSTOMER_PROMPT, unknownCustomerText } from '../utils/order-messages';
import { BulkDownloadBar } from './bulk-download-bar';
import { CustomerSelect } from './customer-select';
import { ExportDialogs, ExportMenu } from './export-menu';
import { NotificationCaption } from './notification-caption';
import { OrderLinesAndPager } from './order-results';
import { FilterButton, FilterSummary, ResultCount } from './order-results-header';
import classes from './orders.module.css';
import { PhoneSortSelect } from './phone-sort-select';
import { SelectEveryMatch } from './select-every-match';

// The filter panel with its date pickers, the detail panel (a drawer, a modal on a phone) and the
// downloads' dialogs load on their first opening, not with the screen (decision 013, size budgets).
const FilterPanel = lazy(async () => ({
  default: (await import('./filter-panel')).FilterPanel,
}));
const OrderDetailPanel = lazy(async () => ({
  default: (await import('./order-detail-panel')).OrderDetailPanel,
}));
const DownloadDialogs = lazy(async () => ({
  default: (await import('./download-dialogs')).DownloadDialogs,
}));

/** docs/product.md §2 Orders (desktop and phone), §4 Orders: the order-line search and its documents. */
export function OrdersPage() {
  usePageTitle(paths.orders.pageName);
  const page = useOrdersPage();
  const { isDesktop, state, customerCode, downloads } = page;
  // Mounted from its first opening on, so that it closes with its transition and keeps its place.
  const filterUsed = useHasBeenTrue(page.filterOpened);
  const detailUsed = useHasBeenTrue(page.detailOpened);
  // The downloads' dialogs, from the first checked line or opened detail on (every download starts
  // from one): mounted closed before one opens, so that a dialog gives focus back when it closes.
  const downloadsReachable = useHasBeenTrue(
    detailUsed || page.selection.lines.length > 0 || downloads.dialog !== null,
  );

  return (
    <Stack gap={isDesktop ? 'lg' : 'md'}>
      <Title order={1} size="h2">
        {paths.orders.pageName}
      </Title>

      {page.staff && <CustomerSelect value={state.customer} onChange={page.chooseCustomer} />}
      {customerCode !== null && <NotificationCaption page={page} />}

      {customerCode === null ? (
        <Alert variant="light" icon={<IconInfoCircle size={20} aria-hidden="true" />}>
          {page.unknownCustomer ? unknownCustomerText(state.customer!) : CHOOSE_CUSTOMER_PROMPT}
        </Alert>
      ) : isDesktop ? (
        <DesktopResults page={page} />
      ) : (
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-end">
            <FilterButton onClick={page.openFilters} />
            <PhoneSortSelect sort={state.sort} onChange={page.changeSort} />
          </Group>
          <FilterSummary filters={state.filters} />
          <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
            <Count page={page} />
            <ExportMenu exporter={page.exporter} disabled={page.nothingToExport} />
          </Group>
          <OrderLinesAndPager page={page} />
        </Stack>
      )}

      {filterUsed && (
        <Suspense fallback={null}>
          <FilterPanel
            opened={page.filterOpened}
            onClose={page.closeFilters}
            filters={state.filters}
            onSearch={page.runSearch}
            waiting={page.results.waiting}
            isDesktop={isDesktop}
          />
        </Suspense>
      )}

      {detailUsed && (
        <Suspense fallback={null}>
          <OrderDetailPanel page={page} />
        </Suspense>
      )}

      {downloadsReachable && (
        <Suspense fallback={null}>
          <DownloadDialogs
            dialog={downloads.dialog}
            onClose={downloads.closeDialog}
            onConfirm={downloads.confirmBulk}
          />
        </Suspense>
      )}
      <ExportDialogs exporter={page.exporter} />
    </Stack>
  );
}

function Count({ page }: { page: OrdersPageState }) {
  const { counted, total, totalCapped, busy } = page.results;
  return (
    <ResultCount
      ref={page.resultsTop}
      counted={counted}
      failed={page.results.result.isError}
      total={total}
      totalCapped={totalCapped}
      busy={busy}
      isDesktop={page.isDesktop}
    />
  );
}

/** docs/product.md §2 Orders, desktop: the count and bulk buttons stick above the table. */
function DesktopResults({ page }: { page: OrdersPageState }) {
  const { selection, downloads, search, results } = page;
  const toolbarRef = useHeightVariable<HTMLDivElement>('--orders-toolbar-height');
  return (
    <Paper ref={page.resultsBox} withBorder p="lg" className={classes.resultsBox}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
          <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
            <FilterButton onClick={page.openFilters} />
            <FilterSummary filters={page.state.filters} />
          </Group>
        </Group>
        <Group
          ref={toolbarRef}
          justify="space-between"
          align="flex-end"
          gap="md"
          className={classes.toolbar}
        >
          <Count page={page} />
          <Group gap="md" align="center" justify="flex-end" style={{ rowGap: 6 }}>
            <BulkDownloadBar
              selection={selection}
              running={downloads.bulkRunning}
              onDownload={(type) => downloads.requestBulk(type, selection.lines)}
            />
            <ExportMenu exporter={page.exporter} disabled={page.nothingToExport} />
          </Group>
        </Group>
        {search && (
          <SelectEveryMatch
            key={selection.clearCount()}
            search={search}
            userId={page.userId}
            pageLines={results.current ? results.lines : []}
            total={results.total}
            totalCapped={results.totalCapped}
            selection={selection}
          />
        )}
        <OrderLinesAndPager page={page} />
      </Stack>
    </Paper>
  );
}
