// The request of an orders search, apart from its answer's schema: the screen's search
// (search-ledger-items.ts), its export and the search sent ahead of the screen (search-ahead.ts)
// build it here. No zod: search-ahead.ts loads with the entry's first requests.
import {
  DEFAULT_LEDGER_SORT,
  type KeywordMatch,
  type LedgerDateField,
  type LedgerSort,
  type LedgerStatusFilter,
  normalizeItemNo,
  SEARCH_TYPE_FLAG,
} from '@domain/ledger-search';

/** POST: the paged search of the ledger (docs/product.md §7). */
export const LEDGER_SEARCH_PATH = '/spec/search-result-ledgerItem';

/** The conditions of the filter panel (docs/product.md §2 Filter panel), as the screen holds them. */
export interface OrderFilters {
  status: LedgerStatusFilter;
  /** The date the range applies to: 受注日 unless chosen. */
  dateField: LedgerDateField;
  /** YYYY-MM-DD or null (an empty bound: the server's two-year window, docs/product.md §4). */
  fromDate: string | null;
  toDate: string | null;
  /** 受注番号, 納品番号 or 送り状番号, exact or its start, as typed (the server folds it). */
  orderNo: string;
  propertyName: string;
  itemNoStart: string;
  itemNoEnd: string;
  productName: string;
  keywords: string[];
  keywordMatch: KeywordMatch;
  /** Only the lines a request not yet 完了 names (問い合わせ中, docs/decisions/032). */
  openInquiry: boolean;
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

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The request body of the paged form (domain/api/ledger.ts ledgerSearchBodySchema). */
export function ledgerSearchBody(search: OrderSearch, userId: number) {
  const { filters } = search;
  return {
    customer_code: search.customerCode,
    from_date: filters.fromDate,
    to_date: filters.toDate,
    date_field: filters.dateField,
    order_no: blankToNull(filters.orderNo),
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
    ...(filters.openInquiry ? { open_inquiry: true } : {}),
  };
}
