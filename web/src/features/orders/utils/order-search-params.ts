import { PAGE_SIZE, PHONE_PAGE_SIZE } from '@domain/constants';
import { addMonths, todayInJapan } from '@domain/japan-time';
import {
  addKeyword,
  DEFAULT_LEDGER_DATE_FIELD,
  isIsoDate,
  LEDGER_DATE_FIELDS,
  LEDGER_SORT_FIELDS,
  LEDGER_STATUS_FILTERS,
  type LedgerSort,
  ORDER_NO_MAX_LENGTH,
} from '@domain/ledger-search';
import type { OrderFilters, OrderSearch } from '../api/ledger-search-body';

/**
 * The orders screen's search in its address (/orders?status=shipped&kw=瓦&page=2…), so that a
 * reload, the browser's back and forward buttons and a bookmarked or shared link show the same
 * lines. An address without conditions is the spec's default search (§4); a value that does not
 * parse (edited by hand, an old link) falls back to its default instead of failing.
 */
export interface OrderSearchState {
  filters: OrderFilters;
  sort: LedgerSort | null;
  page: number;
  /** Staff's chosen customer (docs/product.md §4); ignored for everyone else. */
  customer: number | null;
  /**
   * A shipment notification mail's lines (its link, docs/decisions/014): only they are shown
   * until it is cleared.
   */
  notification?: number | null;
}

/** docs/product.md §4: the search starts from six months ago (Japan's calendar). */
export function sixMonthsAgo(now: Date = new Date()): string {
  return addMonths(todayInJapan(now), -6);
}

/** docs/product.md §4 default filter: backlog, from six months ago, keywords combined with OR. */
export function defaultOrderFilters(now: Date = new Date()): OrderFilters {
  return {
    status: 'backlog',
    dateField: DEFAULT_LEDGER_DATE_FIELD,
    fromDate: sixMonthsAgo(now),
    toDate: null,
    orderNo: '',
    propertyName: '',
    itemNoStart: '',
    itemNoEnd: '',
    productName: '',
    keywords: [],
    keywordMatch: 'or',
    openInquiry: false,
  };
}

/** docs/product.md §9: 100 lines a page on a desktop, 20 cards on a phone. */
export const orderPageSize = (isDesktop: boolean) => (isDesktop ? PAGE_SIZE : PHONE_PAGE_SIZE);

/**
 * The search the orders screen makes at an address, for one customer, in pages of `pageSize`: the
 * screen's own (use-orders-page.ts) and the one the entry sends ahead of it (search-ahead.ts).
 */
export function orderSearchOf(
  state: OrderSearchState,
  customerCode: number,
  pageSize: number,
): OrderSearch {
  const { filters, sort, page, notification } = state;
  return { customerCode, filters, sort, page, pageSize, notificationId: notification ?? null };
}

const TEXT_MAX = 200;
const PAGE_MAX = 1_000_000;
const KEYS = [
  'status',
  'date',
  'from',
  'to',
  'no',
  'property',
  'item_from',
  'item_to',
  'model',
  'kw',
  'match',
  'inquiry',
  'sort',
  'page',
  'customer',
  'notification',
] as const;

/** Whether the address holds a search at all (otherwise the default search is shown). */
export const hasOrderSearch = (params: URLSearchParams) => KEYS.some((key) => params.has(key));

const isoDate = (value: string | null) => (value !== null && isIsoDate(value) ? value : null);

const text = (value: string | null) => (value ?? '').trim().slice(0, TEXT_MAX);

const wholeNumber = (value: string | null, max: number): number | null =>
  value !== null && /^\d{1,9}$/.test(value) && Number(value) >= 1 && Number(value) <= max
    ? Number(value)
    : null;

export function orderSearchFromParams(
  params: URLSearchParams,
  now: Date = new Date(),
): OrderSearchState {
  const defaults = defaultOrderFilters(now);
  if (!hasOrderSearch(params)) return { filters: defaults, sort: null, page: 1, customer: null };

  // A shipment notification mail's link names no conditions: its lines are shipped and may be of
  // any order date, so it starts from every status and no start date instead of the defaults.
  const fromMail = params.has('notification');
  const status =
    LEDGER_STATUS_FILTERS.find((s) => s === params.get('status')) ??
    (fromMail ? 'all' : defaults.status);
  // "from=" (present, empty) is a cleared start date; no "from" at all is the default start.
  let fromDate = params.has('from')
    ? isoDate(params.get('from'))
    : fromMail
      ? null
      : defaults.fromDate;
  let toDate = isoDate(params.get('to'));
  if (fromDate && toDate && fromDate > toDate) [fromDate, toDate] = [toDate, fromDate];
  const keywords = params
    .getAll('kw')
    .reduce<string[]>((list, keyword) => addKeyword(list, keyword.slice(0, TEXT_MAX)), []);

  const [field, direction] = (params.get('sort') ?? '').split('.');
  const sortField = LEDGER_SORT_FIELDS.find((f) => f === field);
  const sort: LedgerSort | null =
    sortField && (direction === 'asc' || direction === 'desc')
      ? { field: sortField, direction }
      : null;

  return {
    filters: {
      status,
      dateField:
        LEDGER_DATE_FIELDS.find((f) => f === params.get('date')) ?? DEFAULT_LEDGER_DATE_FIELD,
      fromDate,
      toDate,
      orderNo: (params.get('no') ?? '').trim().slice(0, ORDER_NO_MAX_LENGTH),
      propertyName: text(params.get('property')),
      itemNoStart: text(params.get('item_from')).toUpperCase(),
      itemNoEnd: text(params.get('item_to')).toUpperCase(),
      productName: text(params.get('model')),
      keywords,
      keywordMatch: params.get('match') === 'and' ? 'and' : 'or',
      openInquiry: params.get('inquiry') === 'open',
    },
    sort,
    page: wholeNumber(params.get('page'), PAGE_MAX) ?? 1,
    customer: wholeNumber(params.get('customer'), 999_999_999),
    ...notificationOf(params),
  };
}

/** The notification of a mail's link, only when the address names one. */
function notificationOf(params: URLSearchParams): { notification?: number } {
  const notification = wholeNumber(params.get('notification'), Number.MAX_SAFE_INTEGER);
  return notification === null ? {} : { notification };
}

/** The address of a search: every condition written out, so that it means the same tomorrow. */
export function orderSearchToParams(state: OrderSearchState): URLSearchParams {
  const { filters, sort, page, customer, notification } = state;
  const params = new URLSearchParams();
  if (customer !== null) params.set('customer', String(customer));
  if (notification != null) params.set('notification', String(notification));
  params.set('status', filters.status);
  if (filters.dateField !== DEFAULT_LEDGER_DATE_FIELD) params.set('date', filters.dateField);
  params.set('from', filters.fromDate ?? '');
  if (filters.toDate) params.set('to', filters.toDate);
  if (filters.orderNo.trim()) params.set('no', filters.orderNo.trim());
  if (filters.propertyName.trim()) params.set('property', filters.propertyName.trim());
  if (filters.itemNoStart.trim()) params.set('item_from', filters.itemNoStart.trim());
  if (filters.itemNoEnd.trim()) params.set('item_to', filters.itemNoEnd.trim());
  if (filters.productName.trim()) params.set('model', filters.productName.trim());
  for (const keyword of filters.keywords) params.append('kw', keyword);
  if (filters.keywords.length > 0) params.set('match', filters.keywordMatch);
  if (filters.openInquiry) params.set('inquiry', 'open');
  if (sort) params.set('sort', `${sort.field}.${sort.direction}`);
  if (page > 1) params.set('page', String(page));
  return params;
}
