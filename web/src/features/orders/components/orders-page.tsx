import {
  COPY_CONFIRM_DESKTOP_MS,
  COPY_CONFIRM_PHONE_MS,
  PAGE_SIZE,
  PHONE_PAGE_SIZE,
} from '@domain/constants';
import type { LedgerSort, LedgerSortField } from '@domain/ledger-search';
import { isStaff } from '@domain/user-type';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAllCustomerCodeList } from '../../../api/get-all-customer-code-list';
import { PageNumbers } from '../../../components/navigation/page-numbers';
import { paths } from '../../../config/paths';
import { useHeightVariable } from '../../../hooks/use-height-variable';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { usePageTitle } from '../../../hooks/use-page-title';
import { loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import {
  LEDGER_SEARCH_QUERY_ROOT,
  ledgerSearchQueryOptions,
  type OrderFilters,
  type OrderLine,
  type OrderSearch,
  useLedgerSearch,
} from '../api/search-ledger-items';
import { useOrderDownloads } from '../hooks/use-order-downloads';
import { useOrderSelection } from '../hooks/use-order-selection';
import { useSearchFeedback } from '../hooks/use-search-feedback';
import { filterSummary, PHONE_SORT_OPTIONS, sortLabel, toggleSort } from '../utils/order-filters';
import {
  CARD_HINT,
  CHOOSE_CUSTOMER_PROMPT,
  NO_RESULTS_MESSAGE,
  ROW_HINT,
  resultCountText,
  unknownCustomerText,
} from '../utils/order-messages';
import {
  type OrderSearchState,
  orderSearchFromParams,
  orderSearchToParams,
} from '../utils/order-search-params';
import { BulkDownloadBar } from './bulk-download-bar';
import { CustomerSelect } from './customer-select';
import { DownloadDialogs } from './download-dialogs';
import { FilterPanel } from './filter-panel';
import { OrderCards } from './order-cards';
import { OrderDetail } from './order-detail';
import classes from './orders.module.css';
import { OrdersTable } from './orders-table';
import { PageControls } from './page-controls';
import { SelectEveryMatch } from './select-every-match';

const DETAIL_TITLE = '注文明細の詳細';
const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** docs/product.md §2 Orders (desktop and phone), §4 Orders: the order-line search and its documents. */
export function OrdersPage() {
  usePageTitle(paths.orders.pageName);
  const isDesktop = useIsDesktop();
  // docs/product.md §9: 100 lines a page on a desktop, 20 cards on a phone.
  const pageSize = isDesktop ? PAGE_SIZE : PHONE_PAGE_SIZE;
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  const staff = userInfo !== null && isStaff(userInfo);
  const userId = loginUserId(userInfo?.id);

  // The search lives in the address (order-search-params.ts): reload, back and forward and a
  // shared link show the same lines. Each change is a new history entry.
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const state = useMemo(() => orderSearchFromParams(params), [params]);
  const { filters, sort, page } = state;
  const addressOf = (next: Partial<OrderSearchState>) =>
    orderSearchToParams({
      ...state,
      ...next,
      customer: staff ? (next.customer ?? state.customer) : null,
    });
  // Each entry also notes the page size its page number counts in (history state), see below.
  const show = (next: Partial<OrderSearchState>, options: { replace?: boolean } = {}) =>
    setParams(addressOf(next), { preventScrollReset: true, state: { pageSize }, ...options });
  // docs/product.md §4: staff see nothing until they choose a customer; everyone else sees their own.
  // A customer code in the address that is not a customer (an old link, a typo) is no choice.
  const customers = useAllCustomerCodeList(staff);
  const unknownCustomer =
    staff &&
    state.customer !== null &&
    customers.data !== undefined &&
    !customers.data.some((c) => c.customer_code === state.customer);
  const customerCode = staff
    ? unknownCustomer
      ? null
      : state.customer
    : (userInfo?.customerCode ?? null);
  const [filterOpened, filterPanel] = useDisclosure(false);
  // The line stays while the panel slides out; `detailOpened` says whether it is shown.
  const [detail, setDetail] = useState<OrderLine | null>(null);
  const [detailOpened, setDetailOpened] = useState(false);
  const selection = useOrderSelection();
  const downloads = useOrderDownloads(customerCode);
  const resultsTop = useRef<HTMLDivElement>(null);
  // The desktop's count and column header stick under the app header, so they are always "in
  // view": a new page scrolls to the results' box instead.
  const resultsBox = useRef<HTMLDivElement>(null);
  const toolbarRef = useHeightVariable<HTMLDivElement>('--orders-toolbar-height');

  const search: OrderSearch | null =
    customerCode === null ? null : { customerCode, filters, sort, page, pageSize };
  const result = useLedgerSearch(search);
  const { waiting, dismissFailure } = useSearchFeedback(result);

  const total = result.data?.total ?? 0;
  const totalCapped = result.data?.totalCapped ?? false;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const lines = result.data?.lines ?? [];
  const busy = result.isFetching;

  // The next page is usually wanted next: fetch it while the person reads this one.
  const readyForNext = result.isSuccess && !result.isPlaceholderData && page < pageCount;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page shown (search is new each render)
  useEffect(() => {
    if (!search || !readyForNext) return;
    void queryClient.prefetchQuery(ledgerSearchQueryOptions({ ...search, page: page + 1 }, userId));
  }, [readyForNext, customerCode, filters, sort, page, pageSize, userId, queryClient]);

  // A window resized across the phone width (or a phone turned) keeps its first line on the
  // page shown: the page number is counted again in the other page size. The size a page number
  // was counted in travels with its history entry, so it outlives the layout's switch. Only the
  // entry the browser shows is counted again: a resize during a page change renders the entry
  // being left once more, and replacing that would undo the change.
  const countedIn = (location.state as { pageSize?: number } | null)?.pageSize ?? pageSize;
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the entry or the sizes change
  useEffect(() => {
    if (countedIn === pageSize) return;
    if ((window.history.state as { key?: string } | null)?.key !== location.key) return;
    const firstLine = (page - 1) * countedIn;
    show({ page: Math.floor(firstLine / pageSize) + 1 }, { replace: true });
  }, [location.key, countedIn, pageSize]);

  // Other conditions or another customer (a search, or back and forward): nothing selected.
  const searchKey = JSON.stringify([customerCode, filters]);
  const selectedFor = useRef(searchKey);
  useEffect(() => {
    if (selectedFor.current === searchKey) return;
    selectedFor.current = searchKey;
    selection.clear();
  }, [searchKey, selection.clear]);

  // A page past the end (an old link, lines gone since): the last page instead of nothing.
  const pastTheEnd =
    result.isSuccess && !result.isPlaceholderData && !totalCapped && total > 0 && page > pageCount;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the page is past the end
  useEffect(() => {
    if (pastTheEnd) show({ page: pageCount }, { replace: true });
  }, [pastTheEnd, pageCount]);

  /** docs/product.md §4: a search starts again from the first page, with nothing selected. */
  const runSearch = (next: OrderFilters) => {
    show({ filters: next, page: 1 });
    selection.clear();
    filterPanel.close();
    // Every search reads the server again, also for conditions asked before: what is kept turns
    // stale and is read again when shown. The same conditions again ("load again") read the
    // search on screen at once; other conditions leave the one shown now unread.
    const same = addressOf({ filters: next, page: 1 }).toString() === addressOf({}).toString();
    void queryClient.invalidateQueries({ queryKey: LEDGER_SEARCH_QUERY_ROOT, refetchType: 'none' });
    if (same && search) void result.refetch();
  };

  const chooseCustomer = (code: number) => {
    show({ customer: code, page: 1 });
    setDetailOpened(false);
  };

  /** null: the default order, newest order date first. */
  const changeSort = (next: LedgerSort | null) => show({ sort: next, page: 1 });

  const changePage = (next: number) => {
    show({ page: next });
    (isDesktop ? resultsBox : resultsTop).current?.scrollIntoView?.({
      block: 'start',
      behavior: 'smooth',
    });
  };

  const { prefetchLinks } = downloads;
  const openDetail = useCallback(
    (line: OrderLine) => {
      setDetail(line);
      setDetailOpened(true);
      prefetchLinks(line);
    },
    [prefetchLinks],
  );

  const highlightBacklog = filters.status === 'all';
  const summary = filterSummary(filters);

  const resultHeader = (
    <div ref={resultsTop} className={classes.resultHeader}>
      <Group gap="sm" align="baseline">
        <Text fw={700} size={isDesktop ? 'lg' : 'md'} aria-live="polite">
          {result.data ? resultCountText(total, totalCapped) : '全検索結果 — 件'}
        </Text>
        {busy && <Loader size="xs" aria-label="読み込み中" />}
      </Group>
      <Text size="xs" c="dimmed">
        {isDesktop ? ROW_HINT : CARD_HINT}
      </Text>
    </div>
  );

  const filterButton = (
    <Button
      variant="default"
      leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden="true" />}
      onClick={() => {
        dismissFailure();
        filterPanel.open();
      }}
      className={classes.filterButton}
    >
      絞り込み
    </Button>
  );

  const summaryBadges = (
    <Group gap={6} className={classes.summary} aria-label="検索条件">
      {summary.map((part) => (
        <Badge
          key={part}
          variant="outline"
          color="gray.7"
          radius="sm"
          tt="none"
          fw={500}
          maw="100%"
          title={part}
        >
          {part}
        </Badge>
      ))}
    </Group>
  );

  const body = () => {
    if (result.isPending && !result.data) {
      return (
        <Stack gap={8} aria-label="読み込み中">
          {SKELETON_ROWS.map((key) => (
            <Skeleton key={key} height={isDesktop ? 36 : 84} radius="sm" />
          ))}
        </Stack>
      );
    }
    if (lines.length === 0) {
      return (
        <Text c="dimmed" ta="center" py="xl">
          {result.isError ? 'データを取得できませんでした。' : NO_RESULTS_MESSAGE}
        </Text>
      );
    }
    return isDesktop ? (
      <OrdersTable
        lines={lines}
        sort={sort}
        onSort={(field: LedgerSortField) => changeSort(toggleSort(sort, field))}
        selection={selection}
        highlightBacklog={highlightBacklog}
        activeKey={detailOpened ? (detail?.key ?? null) : null}
        onOpen={openDetail}
        busy={result.isPlaceholderData}
      />
    ) : (
      <OrderCards
        lines={lines}
        highlightBacklog={highlightBacklog}
        onOpen={openDetail}
        busy={result.isPlaceholderData}
      />
    );
  };

  // docs/product.md §2: the page input "/ total" on a desktop; numbered pages on a phone (docs/product.md §9), where
  // tapping is easier than typing. A count that stopped early has no last page to number.
  const pager =
    lines.length > 0 ? (
      <Group justify="center" mt="md">
        {isDesktop || totalCapped ? (
          <PageControls
            page={page}
            pageCount={pageCount}
            morePages={totalCapped}
            onChange={changePage}
          />
        ) : (
          <PageNumbers page={page} total={pageCount} onChange={changePage} compact />
        )}
      </Group>
    ) : null;

  const phoneSortValue = sort ? `${sort.field}:${sort.direction}` : '';

  const detailContent = detail && (
    <OrderDetail
      line={detail}
      copyConfirmMs={isDesktop ? COPY_CONFIRM_DESKTOP_MS : COPY_CONFIRM_PHONE_MS}
      onDownload={(type) => void downloads.downloadOne(detail, type)}
      downloading={downloads.pending?.key === detail.key ? downloads.pending.type : null}
      showPopupHint={!isDesktop}
    />
  );

  return (
    <Stack gap={isDesktop ? 'lg' : 'md'}>
      <Title order={1} size="h2">
        {paths.orders.pageName}
      </Title>

      {staff && <CustomerSelect value={state.customer} onChange={chooseCustomer} />}

      {customerCode === null ? (
        <Alert variant="light" icon={<IconInfoCircle size={20} aria-hidden="true" />}>
          {unknownCustomer ? unknownCustomerText(state.customer!) : CHOOSE_CUSTOMER_PROMPT}
        </Alert>
      ) : isDesktop ? (
        <Paper ref={resultsBox} withBorder p="lg" className={classes.resultsBox}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
              <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
                {filterButton}
                {summaryBadges}
              </Group>
            </Group>
            <Group
              ref={toolbarRef}
              justify="space-between"
              align="flex-end"
              gap="md"
              className={classes.toolbar}
            >
              {resultHeader}
              <BulkDownloadBar
                selection={selection}
                running={downloads.bulkRunning}
                onDownload={(type) => downloads.requestBulk(type, selection.lines)}
              />
            </Group>
            {search && (
              <SelectEveryMatch
                key={selection.clearCount()}
                search={search}
                userId={userId}
                pageLines={result.isPlaceholderData ? [] : lines}
                total={total}
                totalCapped={totalCapped}
                selection={selection}
              />
            )}
            {body()}
            {pager}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-end">
            {filterButton}
            <NativeSelect
              aria-label="並び替え"
              value={phoneSortValue}
              onChange={(event) => {
                const { value } = event.currentTarget;
                const option = PHONE_SORT_OPTIONS.find((o) => o.value === value);
                if (option) changeSort(option.sort);
                else if (value === '') changeSort(null);
              }}
              data={[
                // The default order, to go back to after another (docs/product.md §2 lists eight sorts).
                { value: '', label: '受注日の新しい順' },
                // A sort the select does not offer (a desktop column, from a shared link) is
                // named as it is, not shown as the first option.
                ...(sort && !PHONE_SORT_OPTIONS.some((o) => o.value === phoneSortValue)
                  ? [{ value: phoneSortValue, label: sortLabel(sort), disabled: true }]
                  : []),
                ...PHONE_SORT_OPTIONS.map(({ value, label }) => ({ value, label })),
              ]}
              style={{ flex: 1, minWidth: 0 }}
            />
          </Group>
          {summaryBadges}
          {resultHeader}
          {body()}
          {pager}
        </Stack>
      )}

      <FilterPanel
        opened={filterOpened}
        onClose={filterPanel.close}
        filters={filters}
        onSearch={runSearch}
        waiting={waiting}
        isDesktop={isDesktop}
      />

      {isDesktop ? (
        <Drawer
          opened={detailOpened && detail !== null}
          onClose={() => setDetailOpened(false)}
          position="right"
          size={480}
          title={DETAIL_TITLE}
          closeButtonProps={{ 'aria-label': '詳細を閉じる' }}
          overlayProps={{ backgroundOpacity: 0.15 }}
        >
          {detailContent}
        </Drawer>
      ) : (
        <Modal
          opened={detailOpened && detail !== null}
          onClose={() => setDetailOpened(false)}
          title={DETAIL_TITLE}
          fullScreen
          closeButtonProps={{ 'aria-label': '詳細を閉じる' }}
        >
          {detailContent}
        </Modal>
      )}

      <DownloadDialogs
        dialog={downloads.dialog}
        onClose={downloads.closeDialog}
        onConfirm={downloads.confirmBulk}
      />
    </Stack>
  );
}
