import type { LedgerSortField } from '@domain/ledger-search';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { PageNumbers } from '../../../components/navigation/page-numbers';
import { DESKTOP_MEDIA_QUERY } from '../../../config/layout';
import type { OrdersPageState } from '../hooks/use-orders-page';
import { toggleSort } from '../utils/order-filters';
import {
  NO_RESULTS_MESSAGE,
  ordersLoadFailedText,
  RETRY_LABEL,
  SEARCH_WAIT_MESSAGE,
} from '../utils/order-messages';
import { PageControls } from './page-controls';

// The table and the cards load apart from the screen, each only where it is shown: the screen's
// first load stays within its size budget (decision 013). The one for this window is asked for
// as the screen's module runs, beside the search sent ahead (decision 021), so the lines do not
// wait for it.
const loadTable = () => import('./orders-table');
const loadCards = () => import('./order-cards');
const OrdersTable = lazy(async () => ({ default: (await loadTable()).OrdersTable }));
const OrderCards = lazy(async () => ({ default: (await loadCards()).OrderCards }));
if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
  void (window.matchMedia(DESKTOP_MEDIA_QUERY).matches ? loadTable : loadCards)();
}

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f'];

function LinesSkeleton({ isDesktop }: { isDesktop: boolean }) {
  return (
    <Stack gap={8} aria-label="読み込み中">
      {SKELETON_ROWS.map((key) => (
        <Skeleton key={key} height={isDesktop ? 36 : 84} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * The lines of the page: a table on a desktop, cards on a phone (docs/product.md §2); when the
 * status filter is "all", backlog lines are highlighted.
 */
export function OrderResults({ page }: { page: OrdersPageState }) {
  const { isDesktop, results, state, selection, detail, detailOpened, openDetail } = page;
  const { result, lines } = results;
  const highlightBacklog = state.filters.status === 'all';
  if (!results.counted && !result.isError) return <LinesSkeleton isDesktop={isDesktop} />;
  if (result.isError && lines.length === 0) {
    // What happened, in the words of the toast, and the same search again once the wait after a
    // failure (docs/product.md §4) is over.
    return (
      <Stack align="center" gap="sm" py="xl" aria-label="検索の失敗">
        <Text ta="center" maw={560}>
          {ordersLoadFailedText(result.error)}
        </Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          disabled={results.waiting || result.isFetching}
          onClick={() => void result.refetch()}
        >
          {RETRY_LABEL}
        </Button>
        {results.waiting && (
          <Text size="sm" c="dimmed">
            {SEARCH_WAIT_MESSAGE}
          </Text>
        )}
      </Stack>
    );
  }
  if (lines.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {NO_RESULTS_MESSAGE}
      </Text>
    );
  }
  return isDesktop ? (
    <OrdersTable
      lines={lines}
      sort={state.sort}
      onSort={(field: LedgerSortField) => page.changeSort(toggleSort(state.sort, field))}
      selection={selection}
      highlightBacklog={highlightBacklog}
      activeKey={detailOpened ? (detail?.key ?? null) : null}
      onOpen={openDetail}
      busy={!results.current}
    />
  ) : (
    <OrderCards
      lines={lines}
      highlightBacklog={highlightBacklog}
      onOpen={openDetail}
      busy={!results.current}
    />
  );
}

/**
 * The lines and the pager under them, shown together: until the table (or the cards) has loaded,
 * the skeleton stands for both, so the pager never appears above where the lines will push it.
 */
export function OrderLinesAndPager({ page }: { page: OrdersPageState }) {
  return (
    <Suspense fallback={<LinesSkeleton isDesktop={page.isDesktop} />}>
      <OrderResults page={page} />
      <OrderPager page={page} />
    </Suspense>
  );
}

/**
 * docs/product.md §2: the page input "/ total" on a desktop; numbered pages on a phone
 * (docs/product.md §9), where tapping is easier than typing. A count that stopped early has no
 * last page to number.
 */
export function OrderPager({ page }: { page: OrdersPageState }) {
  const { lines, pageCount, totalCapped } = page.results;
  if (lines.length === 0) return null;
  return (
    <Group justify="center" mt="md">
      {page.isDesktop || totalCapped ? (
        <PageControls
          page={page.state.page}
          pageCount={pageCount}
          morePages={totalCapped}
          onChange={page.changePage}
        />
      ) : (
        <PageNumbers page={page.state.page} total={pageCount} onChange={page.changePage} compact />
      )}
    </Group>
  );
}
