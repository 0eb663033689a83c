import { KEYWORDS_MAX, LEDGER_STATUS, type LedgerStatus } from './constants';
import { addYears } from './japan-time';

// Rules of the order-line search (docs/product.md §2 Filter panel, §4 Orders, §5 keywords and item numbers).
// The server builds its SQL from these, and the web app applies the same rules to loaded rows.

// ---------------------------------------------------------------------------------------------
// Status (docs/product.md §7: three values all / shipped / backlog)

export const LEDGER_STATUS_FILTERS = ['all', 'shipped', 'backlog'] as const;
export type LedgerStatusFilter = (typeof LEDGER_STATUS_FILTERS)[number];

/** The status radio's labels, which the spec's client also sends as the status value. */
export const LEDGER_STATUS_FILTER_LABELS: Record<LedgerStatusFilter, string> = {
  all: '全て',
  shipped: LEDGER_STATUS.shipped,
  backlog: LEDGER_STATUS.backlog,
};

/** Every value the search accepts as status: the codes, the Japanese wording, or '' for all. */
export const LEDGER_STATUS_FILTER_INPUTS = [
  ...LEDGER_STATUS_FILTERS,
  ...Object.values(LEDGER_STATUS_FILTER_LABELS),
  '',
] as const;

/** 'all' | 'shipped' | 'backlog' from a code or its Japanese wording; absent or '' is all. */
export function parseStatusFilter(value: string | null | undefined): LedgerStatusFilter | null {
  const text = (value ?? '').trim();
  if (text === '') return 'all';
  for (const filter of LEDGER_STATUS_FILTERS) {
    if (text === filter || text === LEDGER_STATUS_FILTER_LABELS[filter]) return filter;
  }
  return null;
}

/** The stored status a filter selects; null for all. */
export function ledgerStatusOf(filter: LedgerStatusFilter): LedgerStatus | null {
  return filter === 'all' ? null : LEDGER_STATUS[filter];
}

/** A line's stored status from the wording or a code (the CSV import accepts both). */
export function parseLedgerStatus(value: string): LedgerStatus | null {
  const filter = parseStatusFilter(value);
  return filter === 'shipped' || filter === 'backlog' ? LEDGER_STATUS[filter] : null;
}

// ---------------------------------------------------------------------------------------------
// Keywords (docs/product.md §5: at most 5, trimmed, non-empty) and OR/AND (docs/product.md §7 search_type_flag)

export const SEARCH_TYPE_FLAG = { or: 1, and: 2 } as const;
export type KeywordMatch = keyof typeof SEARCH_TYPE_FLAG;
export const KEYWORD_MAX_LENGTH = 100;

export function keywordMatchOf(searchTypeFlag: number | null | undefined): KeywordMatch {
  return searchTypeFlag === SEARCH_TYPE_FLAG.and ? 'and' : 'or';
}

/**
 * Trimmed, non-empty, distinct keywords in their order. A string is split at white space
 * (half- or full-width), so "山田 太陽光" is two keywords. The count is not cut here: the
 * server refuses more than KEYWORDS_MAX, the chip input stops adding at KEYWORDS_MAX.
 */
export function normalizeKeywords(input: string | readonly string[] | null | undefined): string[] {
  const parts = typeof input === 'string' ? input.split(/\s+/) : (input ?? []);
  const result: string[] = [];
  for (const part of parts) {
    const keyword = part.trim();
    if (keyword !== '' && !result.includes(keyword)) result.push(keyword);
  }
  return result;
}

/** The chip list after typing raw and pressing Enter (or leaving the field). */
export function addKeyword(list: readonly string[], raw: string): string[] {
  const keyword = raw.trim();
  if (keyword === '' || list.includes(keyword) || list.length >= KEYWORDS_MAX) return [...list];
  return [...list, keyword];
}

// ---------------------------------------------------------------------------------------------
// Item numbers (docs/product.md §4: start <= item <= end; equal start and end is a prefix match)

/** Item numbers are compared in upper case; full-width letters and digits count as ASCII. */
export function normalizeItemNo(raw: string | null | undefined): string {
  return (raw ?? '').normalize('NFKC').trim().toUpperCase();
}

export type ItemNoFilter =
  | { kind: 'prefix'; prefix: string }
  | { kind: 'range'; from: string | null; to: string | null };

/** The item-number condition of a start and an end field; null when both are empty. */
export function itemNoFilterOf(
  start: string | null | undefined,
  end: string | null | undefined,
): ItemNoFilter | null {
  const from = normalizeItemNo(start);
  const to = normalizeItemNo(end);
  if (from === '' && to === '') return null;
  if (from === to) return { kind: 'prefix', prefix: from };
  return { kind: 'range', from: from || null, to: to || null };
}

/**
 * Whether an item number passes the filter. Strings compare by code unit, which is what the
 * server's SQL does with COLLATE "C", so both sides agree whatever the database's collation.
 */
export function matchesItemNo(itemName: string, filter: ItemNoFilter | null): boolean {
  if (!filter) return true;
  if (filter.kind === 'prefix') return itemName.startsWith(filter.prefix);
  return (
    (filter.from === null || itemName >= filter.from) &&
    (filter.to === null || itemName <= filter.to)
  );
}

// ---------------------------------------------------------------------------------------------
// Order numbers: 受注番号 (sale_order_no), 納品番号 (delivery_no) and 送り状番号 (shipping_label_number)

export const ORDER_NO_MAX_LENGTH = 50;
export const ORDER_NO_TOO_LONG_MESSAGE = `番号は${ORDER_NO_MAX_LENGTH}文字までです。`;

/**
 * The characters an order number is compared without: spaces, hyphens and the dashes an IME types
 * for one (a long-sound mark 「ー」 included), after NFKC. People copy SO2611-000754 from a
 * delivery note, type SO2611000754, or ＳＯ２６１１ー０００７５４ in full width; the core system
 * never puts these characters inside a number. The database's indexes fold the stored numbers
 * without the same characters (server/repositories/ledger-repository.ts orderNoFoldedSql), so both
 * sides agree.
 */
export const ORDER_NO_IGNORED_CHARACTERS = ' -\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u30fc';

const orderNoIgnored = new RegExp(`[${ORDER_NO_IGNORED_CHARACTERS.replace('-', '\\-')}]`, 'g');

/** An order number as the search compares it: NFKC, lower case, without spaces and hyphens. */
export function orderNoFolded(raw: string | null | undefined): string {
  return (raw ?? '').normalize('NFKC').toLowerCase().replace(orderNoIgnored, '');
}

/** Digits a keyword chip needs before it is also looked for as the start of an order number. */
export const KEYWORD_ORDER_NO_MIN_DIGITS = 6;

/**
 * The order-number prefix a keyword chip also looks for, or null: only a keyword that reads as
 * the start of a number (letters and digits, once folded, with at least six digits: 「SO2611-00」,
 * 「4620-5508」). A word is never the start of one, and a model code (「KR-1020」, 「SPM-450」)
 * is not taken for one: the number test makes the search read every line of the period
 * (docs/decisions/026).
 */
export function orderNoOfKeyword(keyword: string): string | null {
  const folded = orderNoFolded(keyword);
  if (!/^[0-9a-z]+$/.test(folded)) return null;
  return (folded.match(/[0-9]/g)?.length ?? 0) >= KEYWORD_ORDER_NO_MIN_DIGITS ? folded : null;
}

/** Whether a line's 受注番号, 納品番号 or 送り状番号 starts with the folded number (exact or prefix). */
export function matchesOrderNo(
  line: Pick<SearchableLedgerLine, 'sale_order_no' | 'delivery_no' | 'shipping_label_number'>,
  folded: string,
): boolean {
  return [line.sale_order_no, line.delivery_no, line.shipping_label_number].some((no) =>
    orderNoFolded(no).startsWith(folded),
  );
}

// ---------------------------------------------------------------------------------------------
// Dates (docs/product.md §4 and §9: empty dates mean two years ago to two years ahead)

export const DEFAULT_WINDOW_YEARS = 2;

/** The date a date range applies to: 受注日 (the spec's, and the default), 出荷日 or 納品予定日. */
export const LEDGER_DATE_FIELDS = [
  'sale_order_date',
  'shipped_date',
  'expected_delivery_date',
] as const;
export type LedgerDateField = (typeof LEDGER_DATE_FIELDS)[number];
export const LEDGER_DATE_FIELD_MESSAGE =
  '日付の種類は sale_order_date（受注日）、shipped_date（出荷日）、expected_delivery_date（納品予定日）のいずれかを指定してください。';
export const DEFAULT_LEDGER_DATE_FIELD: LedgerDateField = 'sale_order_date';
export const LEDGER_DATE_FIELD_LABELS: Record<LedgerDateField, string> = {
  sale_order_date: '受注日',
  shipped_date: '出荷日',
  expected_delivery_date: '納品予定日',
};

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * YYYY-MM-DD from a date input: "2026-04-01", "2026/04/01" or "2026/4/1"; '' or absent → null;
 * anything else, or a day that does not exist, → undefined.
 */
export function parseDateInput(value: string | null | undefined): string | null | undefined {
  const text = (value ?? '').trim();
  if (text === '') return null;
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  if (!match) return undefined;
  const iso = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : undefined;
}

/**
 * The order-date window of a search. Each empty bound falls back on its own: from two years
 * before today, to two years after today (docs/product.md §4 "When dates are empty…").
 */
export function ledgerDateWindow(
  fromDate: string | null,
  toDate: string | null,
  today: string,
): { from: string; to: string } {
  return {
    from: fromDate ?? addYears(today, -DEFAULT_WINDOW_YEARS),
    to: toDate ?? addYears(today, DEFAULT_WINDOW_YEARS),
  };
}

// ---------------------------------------------------------------------------------------------
// Sorting and paging (server-side paging is an optional addition, docs/product.md §12)

/** The sortable columns: the desktop table's arrows and the phone sort select. */
export const LEDGER_SORT_FIELDS = [
  'status',
  'shipped_date',
  'property_name',
  'destination_name1',
  'item_name',
  'model_name',
  'quantity',
  'sale_order_date',
  'sale_order_no',
  'expected_delivery_date',
] as const;
export type LedgerSortField = (typeof LEDGER_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';
export interface LedgerSort {
  field: LedgerSortField;
  direction: SortDirection;
}

/** Without a sort: newest order date first. */
export const DEFAULT_LEDGER_SORT: LedgerSort = { field: 'sale_order_date', direction: 'desc' };
export const LEDGER_PAGE_SIZE_MAX = 1000;
/** The unpaged answer (the spec's plain array) stops here; beyond, the caller must narrow. */
export const LEDGER_UNPAGED_MAX_ROWS = 20_000;
export const LEDGER_TOO_MANY_ROWS_MESSAGE =
  '検索結果の件数が多すぎるため、データを取得できませんでした。期間を短くして再度検索してください。';

// ---------------------------------------------------------------------------------------------
// The whole search

/** Every condition of one search, normalised; what both the SQL and matchesLedgerSearch apply. */
export interface LedgerSearchCriteria {
  customerCode: number;
  /**
   * Date window, both ends included, of the date dateField names (the order date unless chosen):
   * a line without that date (a backlog line has no shipped date, docs/decisions/002) is outside.
   */
  from: string;
  to: string;
  dateField: LedgerDateField;
  status: LedgerStatus | null;
  itemNo: ItemNoFilter | null;
  /** Contained in model_name, case-insensitive. */
  productName: string | null;
  /** Contained in property_name, case-insensitive. */
  propertyName: string | null;
  /** Folded (orderNoFolded): 受注番号, 納品番号 or 送り状番号 starts with it. */
  orderNo: string | null;
  /**
   * Each contained in the search text (property, model, destination 1 and 2, item number), or,
   * for a keyword that reads as a number, the start of an order number (orderNoOfKeyword).
   */
  keywords: string[];
  keywordMatch: KeywordMatch;
  /** Only the lines of this shipment notification, whatever their order date (docs/decisions/014). */
  notificationId?: number | null;
  /**
   * Only the lines a request not yet 完了 names (docs/decisions/032). Decided by the database
   * alone: matchesLedgerSearch, which sees one line, does not read it.
   */
  openInquiry?: boolean;
}

/** The spec's search fields (docs/product.md §7), as the server's request schema has parsed them. */
export interface LedgerSearchInput {
  customer_code: number;
  from_date?: string | null | undefined;
  to_date?: string | null | undefined;
  date_field?: LedgerDateField | null | undefined;
  order_no?: string | null | undefined;
  item_no?: string | null | undefined;
  item_no_start?: string | null | undefined;
  item_no_end?: string | null | undefined;
  product_name?: string | null | undefined;
  property_name?: string | null | undefined;
  search_type_flag?: number | null | undefined;
  status?: string | null | undefined;
  text_field?: string | readonly string[] | null | undefined;
  notification_id?: number | null | undefined;
  open_inquiry?: boolean | null | undefined;
}

export type LedgerSearchProblem =
  | 'invalid-date'
  | 'date-order'
  | 'invalid-status'
  | 'too-many-keywords'
  | 'keyword-too-long'
  | 'item-no-conflict';

export const LEDGER_SEARCH_PROBLEM_MESSAGES: Record<LedgerSearchProblem, string> = {
  'invalid-date': '日付は YYYY-MM-DD の形式で、存在する日付を指定してください。',
  'date-order': '開始日は終了日以前の日付を指定してください。',
  'invalid-status': 'ステータスは「全て」「出荷済」「受注残」のいずれかを指定してください。',
  'too-many-keywords': `キーワードは${KEYWORDS_MAX}個までです。`,
  'keyword-too-long': `キーワードは1個あたり${KEYWORD_MAX_LENGTH}文字までです。`,
  'item-no-conflict':
    '品番は item_no か item_no_start / item_no_end のどちらかで指定してください。',
};

const blankToNull = (value: string | null | undefined): string | null => {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
};

/** Problems of a search input by field; empty when the input can run. */
export function ledgerSearchProblems(
  input: LedgerSearchInput,
): Partial<Record<keyof LedgerSearchInput, LedgerSearchProblem>> {
  const problems: Partial<Record<keyof LedgerSearchInput, LedgerSearchProblem>> = {};
  const from = parseDateInput(input.from_date);
  const to = parseDateInput(input.to_date);
  if (from === undefined) problems.from_date = 'invalid-date';
  if (to === undefined) problems.to_date = 'invalid-date';
  if (from && to && from > to) problems.to_date = 'date-order';
  if (parseStatusFilter(input.status) === null) problems.status = 'invalid-status';
  const keywords = normalizeKeywords(input.text_field);
  if (keywords.length > KEYWORDS_MAX) problems.text_field = 'too-many-keywords';
  else if (keywords.some((k) => k.length > KEYWORD_MAX_LENGTH))
    problems.text_field = 'keyword-too-long';
  if (
    normalizeItemNo(input.item_no) !== '' &&
    (normalizeItemNo(input.item_no_start) !== '' || normalizeItemNo(input.item_no_end) !== '')
  ) {
    problems.item_no = 'item-no-conflict';
  }
  return problems;
}

/**
 * The normalised criteria of a valid input (check ledgerSearchProblems first). The spec's single
 * item_no counts as both start and end, i.e. a prefix match; item_no_start / item_no_end give a
 * range. today is the calendar date in Japan (todayInJapan).
 */
export function ledgerSearchCriteriaOf(
  input: LedgerSearchInput,
  today: string,
): LedgerSearchCriteria {
  const single = normalizeItemNo(input.item_no);
  const window = ledgerDateWindow(
    parseDateInput(input.from_date) ?? null,
    parseDateInput(input.to_date) ?? null,
    today,
  );
  return {
    customerCode: input.customer_code,
    from: window.from,
    to: window.to,
    dateField: input.date_field ?? DEFAULT_LEDGER_DATE_FIELD,
    status: ledgerStatusOf(parseStatusFilter(input.status) ?? 'all'),
    itemNo: single
      ? itemNoFilterOf(single, single)
      : itemNoFilterOf(input.item_no_start, input.item_no_end),
    orderNo: orderNoFolded(input.order_no) || null,
    productName: blankToNull(input.product_name),
    propertyName: blankToNull(input.property_name),
    keywords: normalizeKeywords(input.text_field),
    keywordMatch: keywordMatchOf(input.search_type_flag),
    ...(input.notification_id ? { notificationId: input.notification_id } : {}),
    ...(input.open_inquiry ? { openInquiry: true } : {}),
  };
}

/** The fields of an order line the search looks at. */
export interface SearchableLedgerLine {
  customer_code: number;
  status: string;
  sale_order_no: string;
  delivery_no: string;
  shipping_label_number: string;
  sale_order_date: string;
  shipped_date: string | null;
  expected_delivery_date: string | null;
  property_name: string;
  item_name: string;
  model_name: string;
  destination_name1: string;
  destination_name2: string;
}

/** The text keywords are looked for in (the database's generated search_text column). */
export function ledgerSearchText(line: SearchableLedgerLine): string {
  return searchFolded(
    `${line.property_name} ${line.model_name} ${line.destination_name1} ${line.destination_name2} ${line.item_name}`,
  );
}

/**
 * A text as the search compares it: full-width letters, digits and signs as ASCII, half-width
 * katakana as full-width (NFKC), lower-cased. Office users type ＫＲ－１０２０ or ｸﾗﾝﾌﾟ as often
 * as KR-1020 or クランプ, and the core system stores either: both sides of every text comparison
 * are folded — the searched words here, the stored lines in the database's search_text and
 * *_folded columns (docs/decisions/005).
 */
export function searchFolded(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

const contains = (text: string, part: string) => searchFolded(text).includes(searchFolded(part));

/** The search in memory: what the server's SQL selects, for loaded rows and for tests. */
export function matchesLedgerSearch(
  line: SearchableLedgerLine,
  criteria: LedgerSearchCriteria,
): boolean {
  if (line.customer_code !== criteria.customerCode) return false;
  const date = line[criteria.dateField];
  if (date === null || date < criteria.from || date > criteria.to) return false;
  if (criteria.status !== null && line.status !== criteria.status) return false;
  if (!matchesItemNo(line.item_name, criteria.itemNo)) return false;
  if (criteria.productName !== null && !contains(line.model_name, criteria.productName))
    return false;
  if (criteria.propertyName !== null && !contains(line.property_name, criteria.propertyName))
    return false;
  if (criteria.orderNo !== null && !matchesOrderNo(line, criteria.orderNo)) return false;
  if (criteria.keywords.length > 0) {
    const text = ledgerSearchText(line);
    const hit = (k: string) => {
      const orderNo = orderNoOfKeyword(k);
      return contains(text, k) || (orderNo !== null && matchesOrderNo(line, orderNo));
    };
    return criteria.keywordMatch === 'and'
      ? criteria.keywords.every(hit)
      : criteria.keywords.some(hit);
  }
  return true;
}
