import { type LedgerItem, ledgerItemPageSchema } from '@domain/api/ledger';
import { BULK_DOWNLOAD_FILES_MAX } from '@domain/constants';
import { fixExpectedDeliveryDate } from '@domain/expected-delivery-date';
import {
  DEFAULT_LEDGER_SORT,
  type KeywordMatch,
  LEDGER_PAGE_SIZE_MAX,
  type LedgerSort,
  type LedgerStatusFilter,
  normalizeItemNo,
  SEARCH_TYPE_FLAG,
} from '@domain/ledger-search';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The conditions of the filter panel (docs/product.md §2 Filter panel), as the screen holds them. */
export interface OrderFilters {
  status: LedgerStatusFilter;
  /** YYYY-MM-DD or null (an empty bound: the server's two-year window, docs/product.md §4). */
  fromDate: string | null;
  toDate: string | null;
  propertyName: string;
  itemNoStart: string;
  itemNoEnd: string;
  productName: string;
  keywords: string[];
  keywordMatch: KeywordMatch;
}

/** One page of one search. */
export interface OrderSearch {
  customerCode: number;
  filters: OrderFilters;
  sort: LedgerSort | null;
  page: number;
  /** Lines per page: 100 on a desktop, 20 on a phone (domain/constants). */
  pageSize: number;
  /** Only a shipment notification's lines (the link of its mail, docs/decisions/014). */
  notificationId?: number | null;
}

/** An order line as the screens use it: the client's unique key added (docs/product.md §3), dates fixed. */
export type OrderLine = LedgerItem & { key: string };

export interface OrderPage {
  lines: OrderLine[];
  total: number;
  /** More lines than `total` match: the server stopped counting there (a search on text). */
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

/** The four keys of a line (docs/product.md §3); unique across the ledger. */
export const orderLineKey = (item: LedgerItem) =>
  `${item.sale_order_no}/${item.sale_order_line_no}/${item.delivery_no}/${item.delivery_line_no}`;

/** docs/product.md §4: expected delivery dates in 1900 are rewritten to 2025 on load. */
export function toOrderLine(item: LedgerItem): OrderLine {
  return {
    ...item,
    key: orderLineKey(item),
    expected_delivery_date: fixExpectedDeliveryDate(item.expected_delivery_date),
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The request body of the paged form (domain/api/ledger.ts ledgerSearchBodySchema). */
export function ledgerSearchBody(search: OrderSearch, userId: number) {
  const { filters } = search;
  return {
    customer_code: search.customerCode,
    from_date: filters.fromDate,
    to_date: filters.toDate,
    item_no_start: blankToNull(normalizeItemNo(filters.itemNoStart)),
    item_no_end: blankToNull(normalizeItemNo(filters.itemNoEnd)),
    product_name: blankToNull(filters.productName),
    property_name: blankToNull(filters.propertyName),
    search_type_flag: SEARCH_TYPE_FLAG[filters.keywordMatch],
    status: filters.status,
    text_field: filters.keywords,
    login_user_id: userId,
    page: search.page,
    page_size: search.pageSize,
    sort: search.sort ?? DEFAULT_LEDGER_SORT,
    ...(search.notificationId ? { notification_id: search.notificationId } : {}),
  };
}

/**
 * POST /api/v1/spec/search-result-ledgerItem in its paged form: the server filters, sorts and
 * pages, so no date range is ever too large to load.
 */
export async function searchLedgerItems(search: OrderSearch, userId: number): Promise<OrderPage> {
  const answer = await apiRequest({
    method: 'POST',
    path: '/spec/search-result-ledgerItem',
    body: ledgerSearchBody(search, userId),
    auth: { kind: 'bearer' },
    schema: ledgerItemPageSchema,
  });
  return {
    lines: answer.items.map(toOrderLine),
    total: answer.total,
    totalCapped: answer.total_capped === true,
    page: answer.page,
    pageSize: answer.page_size,
  };
}

/** More lines match than "select every match" may check (BULK_DOWNLOAD_FILES_MAX). */
export class TooManyLinesError extends Error {
  constructor() {
    super(`more than ${BULK_DOWNLOAD_FILES_MAX} lines`);
  }
}

/**
 * Every line of a search, in its order, read in pages of the largest size the API gives; at most
 * BULK_DOWNLOAD_FILES_MAX lines, or TooManyLinesError (the total of a search on text may be a
 * lower bound, so the pages themselves tell).
 */
export async function searchEveryLedgerItem(
  search: OrderSearch,
  userId: number,
): Promise<OrderLine[]> {
  const lines: OrderLine[] = [];
  for (let page = 1; ; page++) {
    const answer = await searchLedgerItems(
      { ...search, page, pageSize: LEDGER_PAGE_SIZE_MAX },
      userId,
    );
    lines.push(...answer.lines);
    if (lines.length > BULK_DOWNLOAD_FILES_MAX) throw new TooManyLinesError();
    if (answer.lines.length < LEDGER_PAGE_SIZE_MAX) return lines;
  }
}

export const LEDGER_SEARCH_QUERY_ROOT = ['ledger-items'] as const;

export const ledgerSearchQueryOptions = (search: OrderSearch | null, userId: number) =>
  queryOptions({
    queryKey: [...LEDGER_SEARCH_QUERY_ROOT, search],
    queryFn: search ? () => searchLedgerItems(search, userId) : skipToken,
    // A failed search is reported at once (docs/product.md §4: error toast), never retried behind the toast.
    retry: false,
  });

/** One page of the search; null while there is nothing to search (staff without a customer). */
export function useLedgerSearch(search: OrderSearch | null) {
  const { userInfo } = useSession();
  return useQuery({
    ...ledgerSearchQueryOptions(search, loginUserId(userInfo?.id)),
    // Paging, sorting and a new filter keep the rows on screen until the next ones have arrived;
    // another customer's rows never stand in for the chosen customer's.
    placeholderData: (previous, previousQuery) => {
      const previousSearch = previousQuery?.queryKey[1] as OrderSearch | null | undefined;
      return previousSearch?.customerCode === search?.customerCode ? previous : undefined;
    },
  });
}
