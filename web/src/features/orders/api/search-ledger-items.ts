import { type LedgerItem, type LedgerPageItem, ledgerItemPageSchema } from '@domain/api/ledger';
import { BULK_DOWNLOAD_FILES_MAX } from '@domain/constants';
import { fixExpectedDeliveryDate } from '@domain/expected-delivery-date';
import { LEDGER_PAGE_SIZE_MAX } from '@domain/ledger-search';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { LEDGER_SEARCH_PATH, ledgerSearchBody, type OrderSearch } from './ledger-search-body';

export type { OrderFilters, OrderSearch } from './ledger-search-body';

/** An order line as the screens use it: the client's unique key added (docs/product.md §3), dates fixed. */
export type OrderLine = LedgerPageItem & { key: string };

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
export function toOrderLine(item: LedgerPageItem): OrderLine {
  return {
    ...item,
    key: orderLineKey(item),
    expected_delivery_date: fixExpectedDeliveryDate(item.expected_delivery_date),
  };
}

/**
 * POST /api/v1/spec/search-result-ledgerItem in its paged form: the server filters, sorts and
 * pages, so no date range is ever too large to load.
 */
export async function searchLedgerItems(search: OrderSearch, userId: number): Promise<OrderPage> {
  const answer = await apiRequest({
    method: 'POST',
    path: LEDGER_SEARCH_PATH,
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
