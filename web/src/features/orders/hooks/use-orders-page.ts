import type { LedgerSort } from '@domain/ledger-search';
import { isStaff } from '@domain/user-type';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAllCustomerCodeList } from '../../../api/get-all-customer-code-list';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { useStaffCustomer } from '../../../hooks/use-staff-customer';
import { loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import {
  LEDGER_SEARCH_QUERY_ROOT,
  type OrderFilters,
  type OrderLine,
  type OrderSearch,
} from '../api/search-ledger-items';
import { orderPageSize, orderSearchOf } from '../utils/order-search-params';
import { useLedgerExport } from './use-ledger-export';
import { useOrderDownloads } from './use-order-downloads';
import { useOrderResults } from './use-order-results';
import { useOrderSearchAddress } from './use-order-search-address';
import { useOrderSelection } from './use-order-selection';

/** docs/product.md §2 Orders, §4 Orders: the state of the orders page and what its controls do. */
export function useOrdersPage() {
  const isDesktop = useIsDesktop();
  const pageSize = orderPageSize(isDesktop);
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  const staff = userInfo !== null && isStaff(userInfo);
  const userId = loginUserId(userInfo?.id);

  const address = useOrderSearchAddress(staff, pageSize);
  const { addressOf, show } = address;
  // docs/product.md §4: staff see nothing until they choose a customer; everyone else sees their own.
  // A customer code in the address that is not a customer (an old link, a typo) is no choice.
  const customers = useAllCustomerCodeList(staff);
  const isCustomer = (code: number | null) =>
    customers.data?.some((c) => c.customer_code === code) ?? false;
  // Staff's customer of the other screens when the address names none.
  const staffCustomer = useStaffCustomer({
    staff,
    inAddress: address.state.customer,
    known: isCustomer(address.state.customer),
    putInAddress: (code) => show({ customer: code }, { replace: true }),
  });
  const state = useMemo(
    () => ({ ...address.state, customer: staffCustomer }),
    [address.state, staffCustomer],
  );
  const { filters, page } = state;
  const unknownCustomer =
    staffCustomer !== null && customers.data !== undefined && !isCustomer(staffCustomer);
  const customerCode = staff
    ? unknownCustomer
      ? null
      : staffCustomer
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

  const notificationId = state.notification ?? null;
  const search = useMemo<OrderSearch | null>(
    () => (customerCode === null ? null : orderSearchOf(state, customerCode, pageSize)),
    [customerCode, state, pageSize],
  );
  const results = useOrderResults({
    search,
    page,
    pageSize,
    userId,
    onPastTheEnd: (lastPage) => show({ page: lastPage }, { replace: true }),
  });
  // Every line of the search shown, as .xlsx or CSV.
  const exporter = useLedgerExport(search, userId);

  // Other conditions or another customer (a search, or back and forward): nothing selected.
  const searchKey = JSON.stringify([customerCode, filters, notificationId]);
  const selectedFor = useRef(searchKey);
  useEffect(() => {
    if (selectedFor.current === searchKey) return;
    selectedFor.current = searchKey;
    selection.clear();
  }, [searchKey, selection.clear]);

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
    if (same && search) void results.result.refetch();
  };

  const chooseCustomer = (code: number) => {
    show({ customer: code, page: 1 });
    setDetailOpened(false);
  };

  /** A shipment notification's lines no more: the search of the conditions shown. */
  const clearNotification = () => show({ notification: null, page: 1 });

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

  const openFilters = () => {
    results.dismissFailure();
    filterPanel.open();
  };

  return {
    isDesktop,
    staff,
    userId,
    state,
    customerCode,
    unknownCustomer,
    search,
    results,
    selection,
    downloads,
    exporter,
    /** Nothing to export: no answer yet, or no lines. */
    nothingToExport: !results.counted || results.total === 0,
    detail,
    detailOpened,
    closeDetail: () => setDetailOpened(false),
    openDetail,
    filterOpened,
    openFilters,
    closeFilters: filterPanel.close,
    runSearch,
    /** The shipment notification whose lines are shown (a mail's link), or null. */
    notificationId,
    clearNotification,
    chooseCustomer,
    changeSort,
    changePage,
    resultsTop,
    resultsBox,
  };
}

export type OrdersPageState = ReturnType<typeof useOrdersPage>;
