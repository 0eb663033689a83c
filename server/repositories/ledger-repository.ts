import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  and,
  asc,
  desc,
  eq,
  fillPlaceholders,
  getTableColumns,
  gte,
  inArray,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import {
  type Database,
  isEmbedded,
  queryRows,
  type Statement,
  type Transaction,
} from '../../db/client';
import {
  inquiries,
  inquiryLines,
  ledgerItems,
  orderNoFoldedSql,
  shipmentNotificationLines,
} from '../../db/schema';
import type { LedgerItem } from '../../domain/api/ledger';
import { DOCUMENT_FILE_FIELD, DOCUMENT_TYPES } from '../../domain/api/order-documents';
import { LEDGER_STATUS } from '../../domain/constants';
import {
  type LedgerSearchCriteria,
  type LedgerSort,
  type LedgerSortField,
  orderNoOfKeyword,
  searchFolded,
} from '../../domain/ledger-search';

// All SQL of the order lines (ledger_items). The search is one indexed statement per call (plus a
// count when paged); nothing is filtered in JavaScript. Index use, per condition:
//   customer + order-date window        ledger_items_customer_order_date_idx (customer_code, sale_order_date)
//   + status                            ledger_items_customer_status_order_date_idx
//   + item number (range or prefix)     ledger_items_customer_item_name_idx (customer_code, item_name COLLATE "C")
//   + keywords (LIKE on search_text)    ledger_items_search_text_trgm_idx (pg_trgm GIN), or a filter
//   + order number (prefix), and a      ledger_items_customer_{sale_order,delivery,shipping_label}_no_idx
//     keyword that reads as a number    (customer_code, folded number COLLATE "C"), one BitmapOr
//   shipped / expected delivery window  ledger_items_customer_shipped_date_idx,
//                                       ledger_items_customer_expected_delivery_date_idx
// The default order (order date, newest first) is the first index read backwards, so a page of
// a customer with a hundred thousand lines sorts only the lines of its last day (by id); every
// other sort has its own (customer_code, column) index (migration 0006). The total of a search on
// text is counted ten pages ahead at most (countCapOf).

/** The columns of an answer row: docs/product.md §3's order line and the four document lookup keys. */
export const ledgerItemColumns = {
  customer_code: ledgerItems.customer_code,
  status: ledgerItems.status,
  sale_order_no: ledgerItems.sale_order_no,
  sale_order_line_no: ledgerItems.sale_order_line_no,
  delivery_no: ledgerItems.delivery_no,
  delivery_line_no: ledgerItems.delivery_line_no,
  sale_order_date: ledgerItems.sale_order_date,
  shipped_date: ledgerItems.shipped_date,
  expected_delivery_date: ledgerItems.expected_delivery_date,
  delivery_request: ledgerItems.delivery_request,
  property_name: ledgerItems.property_name,
  item_name: ledgerItems.item_name,
  model_name: ledgerItems.model_name,
  quantity: ledgerItems.quantity,
  unit_price: ledgerItems.unit_price,
  amount: ledgerItems.amount,
  destination_name1: ledgerItems.destination_name1,
  destination_name2: ledgerItems.destination_name2,
  destination_address: ledgerItems.destination_address,
  contact_person: ledgerItems.contact_person,
  transportation: ledgerItems.transportation,
  shipping_label_number: ledgerItems.shipping_label_number,
  invoice_file_name: ledgerItems.invoice_file_name,
  shipped_file_name: ledgerItems.shipped_file_name,
  delivery_file_name: ledgerItems.delivery_file_name,
} satisfies Record<keyof LedgerItem, unknown>;

/** A user's text as a LIKE pattern that matches it literally: % _ and \ lose their meaning. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// ---------------------------------------------------------------------------------------------
// Statements by shape. A statement's text depends only on a search's shape (which conditions, how
// many keywords, the order), never on its values: the text is built by Drizzle once per shape, with
// placeholders, and kept; each call fills in its values. Building the three statements of a call
// took 0.25 ms, as long as a small search's SQL (docs/decisions/005).

/** What decides a search statement's text. Values never enter it. */
interface SearchShape {
  status: boolean;
  itemNo: 'prefix' | 'range' | null;
  itemFrom: boolean;
  itemTo: boolean;
  productName: boolean;
  propertyName: boolean;
  keywords: number;
  /** Per keyword: whether it is also looked for as the start of an order number. */
  keywordNumbers: boolean[];
  orderNo: boolean;
  dateField: LedgerSearchCriteria['dateField'];
  keywordMatch: LedgerSearchCriteria['keywordMatch'];
  /** Only a shipment notification's lines, whatever their order date. */
  notification: boolean;
  /** Only the lines a request not yet 完了 names. */
  openInquiry: boolean;
}

function shapeOf(criteria: LedgerSearchCriteria): SearchShape {
  const itemNo = criteria.itemNo;
  return {
    status: criteria.status !== null,
    itemNo: itemNo?.kind ?? null,
    itemFrom: itemNo?.kind === 'range' && itemNo.from !== null,
    itemTo: itemNo?.kind === 'range' && itemNo.to !== null,
    productName: criteria.productName !== null,
    propertyName: criteria.propertyName !== null,
    keywords: criteria.keywords.length,
    keywordNumbers: criteria.keywords.map((k) => orderNoOfKeyword(k) !== null),
    orderNo: criteria.orderNo !== null,
    dateField: criteria.dateField,
    keywordMatch: criteria.keywordMatch,
    notification: Boolean(criteria.notificationId),
    openInquiry: criteria.openInquiry === true,
  };
}

/** A searched text as a pattern of "contains", folded as the stored text is (searchFolded). */
const contained = (text: string) => `%${escapeLike(searchFolded(text))}%`;

/** The placeholder values of a search; the shape says which of them its statements use. */
function valuesOf(criteria: LedgerSearchCriteria): Record<string, unknown> {
  const values: Record<string, unknown> = {
    customerCode: criteria.customerCode,
    from: criteria.from,
    to: criteria.to,
    status: criteria.status,
    productName: criteria.productName === null ? null : contained(criteria.productName),
    propertyName: criteria.propertyName === null ? null : contained(criteria.propertyName),
  };
  if (criteria.notificationId) values.notificationId = criteria.notificationId;
  const itemNo = criteria.itemNo;
  if (itemNo?.kind === 'prefix') values.itemPrefix = `${escapeLike(itemNo.prefix)}%`;
  if (itemNo?.kind === 'range') Object.assign(values, { itemFrom: itemNo.from, itemTo: itemNo.to });
  if (criteria.orderNo !== null) values.orderNo = `${escapeLike(criteria.orderNo)}%`;
  criteria.keywords.forEach((keyword, i) => {
    values[`keyword${i}`] = contained(keyword);
    const orderNo = orderNoOfKeyword(keyword);
    if (orderNo !== null) values[`keywordNo${i}`] = `${escapeLike(orderNo)}%`;
  });
  return values;
}

const p = (name: string) => sql.placeholder(name);

// Case- and width-insensitive "contains": the folded text (search_text, or a name's folded copy
// where folding changes it, else the name lower-cased) LIKE the folded pattern, lower-cased again
// by the database's own lower() as the stored text was. Several times faster than ILIKE on
// Japanese text, and the trigram index on search_text serves LIKE as it serves ILIKE.
const containedIn = (column: SQL | PgColumn, pattern: Placeholder): SQL =>
  sql`${column} like lower(${pattern})`;
const foldedName = (folded: PgColumn, column: PgColumn) =>
  sql`coalesce(${folded}, lower(${column}))`;

// Item numbers compare by code unit whatever the database's collation, as the domain rule does
// (domain/ledger-search.ts matchesItemNo); the index is built on the same expression.
const itemNameC = sql`(${ledgerItems.item_name} collate "C")`;

/** The start of a line's 受注番号, 納品番号 or 送り状番号 LIKE a prefix pattern. */
const orderNoStartsWith = (pattern: Placeholder): SQL =>
  or(
    sql`${orderNoFoldedSql(ledgerItems.sale_order_no)} like ${pattern}`,
    sql`${orderNoFoldedSql(ledgerItems.delivery_no)} like ${pattern}`,
    sql`${orderNoFoldedSql(ledgerItems.shipping_label_number)} like ${pattern}`,
  )!;

/**
 * The lines of the customer whose number starts with a keyword, as a set the keyword's OR tests
 * each line against: the subquery reads the three number indexes once (a hashed subplan), where
 * the same test written on each line would fold three numbers of every line the keyword's other
 * arm reads (a count over a large customer went from 18 ms to 290 ms).
 */
const numbered = alias(ledgerItems, 'numbered');
const hasNumberStartingWith = (pattern: Placeholder): SQL =>
  sql`${ledgerItems.id} in (select ${numbered.id} from ${ledgerItems} as ${sql.identifier('numbered')} where ${numbered.customer_code} = ${p('customerCode')} and (${or(
    sql`${orderNoFoldedSql(numbered.sale_order_no)} like ${pattern}`,
    sql`${orderNoFoldedSql(numbered.delivery_no)} like ${pattern}`,
    sql`${orderNoFoldedSql(numbered.shipping_label_number)} like ${pattern}`,
  )}))`;

const dateColumns = {
  sale_order_date: ledgerItems.sale_order_date,
  shipped_date: ledgerItems.shipped_date,
  expected_delivery_date: ledgerItems.expected_delivery_date,
} satisfies Record<LedgerSearchCriteria['dateField'], PgColumn>;

/** The WHERE clause of a search shape, with placeholders for valuesOf. */
function ledgerSearchWhere(shape: SearchShape): SQL {
  const conditions: (SQL | undefined)[] = [eq(ledgerItems.customer_code, p('customerCode'))];
  if (shape.notification) {
    // The lines of one shipment notification (its mail's link), whatever their order date.
    conditions.push(
      sql`${ledgerItems.id} in (select ${shipmentNotificationLines.ledger_item_id} from ${shipmentNotificationLines} where ${shipmentNotificationLines.notification_id} = ${p('notificationId')})`,
    );
  } else {
    // A line without the chosen date (a backlog line's shipped date) is outside any window.
    const date = dateColumns[shape.dateField];
    conditions.push(gte(date, p('from')), lte(date, p('to')));
  }
  if (shape.orderNo) conditions.push(orderNoStartsWith(p('orderNo')));
  if (shape.openInquiry) {
    // Few lines have a request: the set of them is read once (a hashed subplan), not per line.
    conditions.push(
      sql`${ledgerItems.id} in (select ${inquiryLines.ledger_item_id} from ${inquiryLines} inner join ${inquiries} on ${inquiries.id} = ${inquiryLines.inquiry_id} where ${inquiries.customer_code} = ${p('customerCode')} and ${inquiries.state} <> 'closed')`,
    );
  }
  if (shape.status) conditions.push(eq(ledgerItems.status, p('status')));
  if (shape.itemNo === 'prefix') conditions.push(sql`${itemNameC} like ${p('itemPrefix')}`);
  if (shape.itemFrom) conditions.push(sql`${itemNameC} >= ${p('itemFrom')}`);
  if (shape.itemTo) conditions.push(sql`${itemNameC} <= ${p('itemTo')}`);
  if (shape.productName) {
    conditions.push(
      containedIn(
        foldedName(ledgerItems.model_name_folded, ledgerItems.model_name),
        p('productName'),
      ),
    );
  }
  if (shape.propertyName) {
    conditions.push(
      containedIn(
        foldedName(ledgerItems.property_name_folded, ledgerItems.property_name),
        p('propertyName'),
      ),
    );
  }
  if (shape.keywords > 0) {
    const each = Array.from({ length: shape.keywords }, (_, i) => {
      const text = containedIn(ledgerItems.search_text, p(`keyword${i}`));
      return shape.keywordNumbers[i] ? or(text, hasNumberStartingWith(p(`keywordNo${i}`)))! : text;
    });
    conditions.push(shape.keywordMatch === 'and' ? and(...each) : or(...each));
  }
  return and(...conditions)!;
}

const sortColumns: Record<LedgerSortField, PgColumn> = {
  status: ledgerItems.status,
  shipped_date: ledgerItems.shipped_date,
  property_name: ledgerItems.property_name,
  destination_name1: ledgerItems.destination_name1,
  item_name: ledgerItems.item_name,
  model_name: ledgerItems.model_name,
  quantity: ledgerItems.quantity,
  sale_order_date: ledgerItems.sale_order_date,
  sale_order_no: ledgerItems.sale_order_no,
  expected_delivery_date: ledgerItems.expected_delivery_date,
};

const textSortFields = new Set<LedgerSortField>([
  'property_name',
  'destination_name1',
  'item_name',
  'model_name',
  'sale_order_no',
]);

/** Dates a line may lack (a backlog line's shipped date): empty ones last in both directions. */
const optionalDateFields = new Set<LedgerSortField>(['shipped_date', 'expected_delivery_date']);

/**
 * ORDER BY the chosen column, then newest order date and the line id, so that the order is total
 * and pages never overlap. Each form matches an index read forwards or backwards (db/schema.ts),
 * so a page sorts only the ties of the lines it reads: text by code unit (COLLATE "C", as the
 * browser sorts), empty shipped dates last in both directions, status (two values) by the
 * status indexes.
 */
function ledgerOrderBy(sort: LedgerSort): SQL[] {
  const column = sortColumns[sort.field];
  const ascending = sort.direction === 'asc';
  if (sort.field === 'sale_order_date') {
    // The index order, read forwards or backwards: only ties within one day are sorted.
    return ascending ? [asc(column), asc(ledgerItems.id)] : [desc(column), desc(ledgerItems.id)];
  }
  const newestFirst = [desc(ledgerItems.sale_order_date), desc(ledgerItems.id)];
  if (sort.field === 'status') {
    // Descending: the (customer, status, order date) index backwards; ascending: the index with
    // order dates descending (its NULLS LAST matches only when written out; dates are never empty).
    return ascending
      ? [asc(column), sql`${ledgerItems.sale_order_date} desc nulls last`, desc(ledgerItems.id)]
      : [desc(column), ...newestFirst];
  }
  if (optionalDateFields.has(sort.field)) {
    return [sql`${column} ${ascending ? sql`asc` : sql`desc`} nulls last`, ...newestFirst];
  }
  const key = textSortFields.has(sort.field) ? sql`(${column} collate "C")` : sql`${column}`;
  return [ascending ? sql`${key} asc` : sql`${key} desc`, ...newestFirst];
}

export interface LedgerPageRequest {
  sort: LedgerSort;
  limit: number;
  offset: number;
}

/** Whether a search filters on text (LIKE), which only a read of each candidate line can answer. */
export const searchesText = (criteria: LedgerSearchCriteria): boolean =>
  criteria.keywords.length > 0 || criteria.productName !== null || criteria.propertyName !== null;

/** Pages counted past the asked page's start when the count is capped. */
export const COUNTED_PAGES_AHEAD = 10;

/** The count cap of a search: null (exact) unless it filters on text. */
export function countCapOf(criteria: LedgerSearchCriteria, page: LedgerPageRequest): number | null {
  return searchesText(criteria) ? page.offset + COUNTED_PAGES_AHEAD * page.limit : null;
}

/** Statements with placeholders, by shape; few shapes occur, the bound is a safeguard. */
const statementTexts = new Map<string, Statement>();
const STATEMENT_TEXTS_KEPT = 1_000;

function statementOf(
  key: string,
  build: () => { toSQL(): Statement },
  values: Record<string, unknown>,
): Statement {
  let text = statementTexts.get(key);
  if (!text) {
    text = build().toSQL();
    if (statementTexts.size >= STATEMENT_TEXTS_KEPT) {
      statementTexts.delete(statementTexts.keys().next().value!);
    }
    statementTexts.set(key, text);
  }
  return { sql: text.sql, params: fillPlaceholders(text.params, values) };
}

/**
 * The statement that selects one page of a search (also run bare by the benchmark): the answer's
 * columns, its order, LIMIT and OFFSET.
 */
export function ledgerSearchRowsStatement(
  db: Database,
  criteria: LedgerSearchCriteria,
  page: LedgerPageRequest,
): Statement {
  const shape = shapeOf(criteria);
  const key = `rows ${JSON.stringify(shape)} ${page.sort.field} ${page.sort.direction}`;
  const build = () =>
    db
      .select(ledgerItemColumns)
      .from(ledgerItems)
      .where(ledgerSearchWhere(shape))
      .orderBy(...ledgerOrderBy(page.sort))
      .limit(p('limit'))
      .offset(p('offset'));
  return statementOf(key, build, { ...valuesOf(criteria), limit: page.limit, offset: page.offset });
}

/**
 * The statement that counts the lines of a search, up to `cap` + 1 when a cap is given: a count
 * that reads each line (text conditions) stops once it knows there are more than `cap`.
 */
export function ledgerSearchCountStatement(
  db: Database,
  criteria: LedgerSearchCriteria,
  cap: number | null = null,
): Statement {
  const shape = shapeOf(criteria);
  // Aliased: the driver's row object names the column (queryRows), not Drizzle's field.
  const total = () => ({ total: sql<number>`count(*)::int`.as('total') });
  if (cap === null) {
    const build = () => db.select(total()).from(ledgerItems).where(ledgerSearchWhere(shape));
    return statementOf(`count ${JSON.stringify(shape)}`, build, valuesOf(criteria));
  }
  const build = () => {
    const matches = db
      .select({ one: sql`1`.as('one') })
      .from(ledgerItems)
      .where(ledgerSearchWhere(shape))
      .limit(p('countLimit'))
      .as('matches');
    return db.select(total()).from(matches);
  };
  return statementOf(`capped count ${JSON.stringify(shape)}`, build, {
    ...valuesOf(criteria),
    countLimit: cap + 1,
  });
}

/** An answer row as the driver reads it: the int8 money columns may come as text or bigint. */
type DriverLedgerRow = Omit<LedgerItem, 'unit_price' | 'amount'> & {
  unit_price: unknown;
  amount: unknown;
};

/**
 * One page of lines as the driver's own row objects, keyed by column name (ledgerItemColumns: the
 * column names are the answer's field names, in the same order). Drizzle's row mapper would cost
 * more than the statement itself: 0.27 ms for a page of 100 lines, 4 ms for 1,400
 * (docs/decisions/005). Dates come as YYYY-MM-DD text (queryRows); only the two int8 money columns
 * need converting.
 */
export async function findLedgerItems(
  db: Database,
  criteria: LedgerSearchCriteria,
  page: LedgerPageRequest,
): Promise<LedgerItem[]> {
  const rows = await queryRows<DriverLedgerRow>(db, ledgerSearchRowsStatement(db, criteria, page));
  for (const row of rows) {
    row.unit_price = Number(row.unit_price);
    row.amount = Number(row.amount);
  }
  return rows as LedgerItem[];
}

/** One page of a search and its total. */
export interface LedgerPageResult {
  items: LedgerItem[];
  /** The lines matching; with totalCapped, the count stopped there and more lines match. */
  total: number;
  totalCapped: boolean;
}

/**
 * One page and the total, the two statements side by side. A search on text counts at most
 * ten pages past the start of the asked page (docs/decisions/005): the exact total of a keyword
 * over a customer with a hundred thousand lines would read every one of them.
 */
export async function findLedgerPage(
  db: Database,
  criteria: LedgerSearchCriteria,
  page: LedgerPageRequest,
): Promise<LedgerPageResult> {
  const cap = countCapOf(criteria, page);
  const [items, [count]] = await Promise.all([
    findLedgerItems(db, criteria, page),
    queryRows<{ total: number }>(db, ledgerSearchCountStatement(db, criteria, cap)),
  ]);
  const counted = count?.total ?? 0;
  if (cap !== null && counted > cap) return { items, total: cap, totalCapped: true };
  return { items, total: counted, totalCapped: false };
}

// ---------------------------------------------------------------------------------------------
// Export: every line of a search in the sort's order, by keyset pages (docs/decisions/012)

/** Lines per statement of an export on PostgreSQL, which runs the statement in its own process. */
export const EXPORT_PAGE_LINES = 2_000;
/**
 * Lines per statement of an export on the embedded database, whose statements run on the
 * server's one thread: every other request waits for the page being read, so pages are small
 * (docs/decisions/024 has the figures).
 */
export const EXPORT_PAGE_LINES_EMBEDDED = 500;

/** Lines per statement of an export on this database. */
export const exportPageLinesOf = (db: Database) =>
  isEmbedded(db) ? EXPORT_PAGE_LINES_EMBEDDED : EXPORT_PAGE_LINES;

/** An export row: the answer's columns and the line id, which makes the order total. */
type KeysetRow = LedgerItem & { id: number };

/**
 * The lines after `last` in the order of ledgerOrderBy (sort column, then newest order date, then
 * id): a keyset, so each page starts where the previous one ended through the same index the
 * search uses, with no OFFSET (which reads and throws away every earlier line) and no server-side
 * cursor (which PGlite has not through Drizzle). Each form repeats the sort column's bound as a
 * plain comparison (>= or <=) that the index can start from; the tie-breaking part only filters
 * the lines of one value.
 */
function keysetAfter(sort: LedgerSort, last: KeysetRow): SQL {
  const date = ledgerItems.sale_order_date;
  const id = ledgerItems.id;
  const lastDate = sql`${last.sale_order_date}::date`;
  const lastId = sql`${last.id}::bigint`;
  const older = sql`(${date}, ${id}) < (${lastDate}, ${lastId})`;
  const ascending = sort.direction === 'asc';
  if (sort.field === 'sale_order_date') {
    return ascending
      ? sql`${date} >= ${lastDate} and (${date}, ${id}) > (${lastDate}, ${lastId})`
      : sql`${date} <= ${lastDate} and ${older}`;
  }
  const column = sortColumns[sort.field];
  const value = last[sort.field];
  if (optionalDateFields.has(sort.field)) {
    // Empty dates come last in both directions.
    if (value === null) return sql`${column} is null and ${older}`;
    const v = sql`${value}::date`;
    const beyond = ascending ? sql`${column} > ${v}` : sql`${column} < ${v}`;
    return sql`(${column} is null or ${beyond} or (${column} = ${v} and ${older}))`;
  }
  const key = textSortFields.has(sort.field) ? sql`(${column} collate "C")` : sql`${column}`;
  const [from, beyond] = ascending ? [sql`>=`, sql`>`] : [sql`<=`, sql`<`];
  return sql`${key} ${from} ${value} and (${key} ${beyond} ${value} or (${key} = ${value} and ${older}))`;
}

/** The statement of one export page: the search's WHERE, the keyset after `last`, the order. */
export function ledgerKeysetStatement(
  db: Database,
  criteria: LedgerSearchCriteria,
  sort: LedgerSort,
  last: KeysetRow | null,
  lines: number,
): Statement {
  const where = ledgerSearchWhere(shapeOf(criteria));
  const text = db
    .select({ ...ledgerItemColumns, id: ledgerItems.id })
    .from(ledgerItems)
    .where(last ? and(where, keysetAfter(sort, last)) : where)
    .orderBy(...ledgerOrderBy(sort))
    .limit(lines)
    .toSQL();
  return { sql: text.sql, params: fillPlaceholders(text.params, valuesOf(criteria)) };
}

/**
 * Every line of a search in the sort's order, a page of `pageLines` at a time: at most two pages
 * are in memory at once (the one handed out and the next, read while the caller writes the
 * first), whatever the number of lines. Pages are separate statements: an import that runs
 * meanwhile may show in later pages (a line is never repeated or skipped unless its sort value
 * changed).
 *
 * On the embedded database the next page is not read ahead, and each page waits for the event
 * loop's next turn: the requests that came in during a page queue their statements before the
 * export's next one, instead of waiting for the whole export (docs/decisions/024).
 */
export async function* iterateLedgerItems(
  db: Database,
  criteria: LedgerSearchCriteria,
  sort: LedgerSort,
  pageLines = exportPageLinesOf(db),
): AsyncGenerator<LedgerItem[]> {
  const read = async (last: KeysetRow | null): Promise<KeysetRow[]> => {
    const rows = await queryRows<DriverLedgerRow & { id: unknown }>(
      db,
      ledgerKeysetStatement(db, criteria, sort, last, pageLines),
    );
    for (const row of rows) {
      row.unit_price = Number(row.unit_price);
      row.amount = Number(row.amount);
      row.id = Number(row.id);
    }
    return rows as KeysetRow[];
  };
  if (isEmbedded(db)) {
    let last: KeysetRow | null = null;
    for (;;) {
      await nextTurn();
      const rows = await read(last);
      if (rows.length > 0) yield rows;
      if (rows.length < pageLines) return;
      last = rows[rows.length - 1]!;
    }
  }
  let next: Promise<KeysetRow[]> | null = read(null);
  try {
    while (next) {
      const rows: KeysetRow[] = await next;
      next = rows.length === pageLines ? read(rows[rows.length - 1]!) : null;
      if (rows.length > 0) yield rows;
    }
  } finally {
    // The caller stopped early (a cancelled download): the read ahead is not awaited by anyone.
    next?.catch(() => {});
  }
}

/** The lines of a search, counted up to `cap` + 1 (enough to know that a limit is passed). */
export async function countLedgerItems(
  db: Database,
  criteria: LedgerSearchCriteria,
  cap: number,
): Promise<number> {
  const [count] = await queryRows<{ total: number }>(
    db,
    ledgerSearchCountStatement(db, criteria, cap),
  );
  return count?.total ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Import: upsert on the line key, writing only what changed

/** A complete line as the import writes it (every column but id, the generated ones and timestamps). */
export type LedgerLine = LedgerItem;

const keyColumns = ['sale_order_no', 'sale_order_line_no', 'delivery_no', 'delivery_line_no'];
const lineColumnNames = Object.keys(ledgerItemColumns);
const valueColumnNames = lineColumnNames.filter((name) => !keyColumns.includes(name));
const tableColumns = getTableColumns(ledgerItems);
const quoted = (names: readonly string[]) =>
  names.map((name) => `"${(tableColumns as Record<string, { name: string }>)[name]!.name}"`);
const insertColumnList = sql.raw(quoted(lineColumnNames).join(', '));
const keyColumnList = sql.raw(quoted(keyColumns).join(', '));
const updateSet = sql.raw(
  [...quoted(valueColumnNames).map((c) => `${c} = excluded.${c}`), '"updated_at" = now()'].join(
    ', ',
  ),
);
const changedCondition = sql.raw(
  `(${quoted(valueColumnNames)
    .map((c) => `"ledger_items".${c}`)
    .join(', ')}) is distinct from (${quoted(valueColumnNames)
    .map((c) => `excluded.${c}`)
    .join(', ')})`,
);

export interface UpsertCounts {
  inserted: number;
  updated: number;
  /**
   * The lines this statement made shipped (出荷済): new shipped lines, and stored backlog lines
   * that became shipped. A line shipped before and still shipped is not one (docs/decisions/014).
   */
  shipped: { id: number; customerCode: number }[];
}

/**
 * Inserts new lines and updates stored ones that differ (same sale_order_no, sale_order_line_no,
 * delivery_no, delivery_line_no). Identical lines are not touched, so updated_at stays. Lines
 * travel as one JSON parameter per statement: thousands of rows without thousands of parameters.
 * The status each shipped line had before is read in the same statement (all parts of a
 * statement see the table as it was before it), for the shipment notifications.
 */
export async function upsertLedgerLines(
  db: Pick<Database, 'execute'>,
  lines: readonly LedgerLine[],
): Promise<UpsertCounts> {
  if (lines.length === 0) return { inserted: 0, updated: 0, shipped: [] };
  const result = await db.execute(
    sql`with incoming as (
        select * from json_populate_recordset(null::${ledgerItems}, ${JSON.stringify(lines)}::json)
      ), previous as (
        select stored.id, stored.status from ${ledgerItems} stored
        join incoming using (${keyColumnList})
        where incoming.status = ${LEDGER_STATUS.shipped}
      ), upserted as (
        insert into ${ledgerItems} (${insertColumnList})
        select ${insertColumnList} from incoming
        on conflict (${keyColumnList}) do update set ${updateSet} where ${changedCondition}
        returning id, customer_code, status, (xmax::text = '0') as inserted
      )
      select upserted.id, upserted.customer_code, upserted.inserted,
        upserted.status = ${LEDGER_STATUS.shipped}
          and (upserted.inserted or previous.status is distinct from ${LEDGER_STATUS.shipped}) as shipped
      from upserted left join previous on previous.id = upserted.id`,
  );
  // node-postgres and PGlite both answer with { rows }.
  const rows = (
    result as unknown as {
      rows: { id: string | number; customer_code: number; inserted: boolean; shipped: boolean }[];
    }
  ).rows;
  const inserted = rows.filter((r) => r.inserted).length;
  return {
    inserted,
    updated: rows.length - inserted,
    shipped: rows
      .filter((r) => r.shipped)
      .map((r) => ({ id: Number(r.id), customerCode: r.customer_code })),
  };
}

// Imports run one at a time (they are the only writers of ledger_items), so two files writing the
// same lines cannot deadlock each other.
const IMPORT_LOCK_KEY = 7_310_005;

/** Waits for any other import to end; held until the transaction ends. */
export async function lockLedgerImports(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
}

// ---------------------------------------------------------------------------------------------
// Order documents: the file names a line references (docs/product.md §3)

/** The four keys that name one order line. */
export interface LedgerLineKey {
  sale_order_no: string;
  sale_order_line_no: number;
  delivery_no: string;
  delivery_line_no: number;
}

/** The customer of one line and its three documents' file names ('' when it has none). */
export async function findLineDocuments(
  db: Database,
  key: LedgerLineKey,
): Promise<
  { customerCode: number; invoice: string; shipped: string; delivery: string } | undefined
> {
  const [line] = await db
    .select({
      customerCode: ledgerItems.customer_code,
      invoice: ledgerItems.invoice_file_name,
      shipped: ledgerItems.shipped_file_name,
      delivery: ledgerItems.delivery_file_name,
    })
    .from(ledgerItems)
    .where(
      and(
        eq(ledgerItems.sale_order_no, key.sale_order_no),
        eq(ledgerItems.sale_order_line_no, key.sale_order_line_no),
        eq(ledgerItems.delivery_no, key.delivery_no),
        eq(ledgerItems.delivery_line_no, key.delivery_line_no),
      ),
    );
  return line;
}

/** Of the given file names, those a line of the customer references as one of its documents. */
export async function referencedDocumentNames(
  db: Database,
  customerCode: number,
  names: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const type of DOCUMENT_TYPES) {
    const column = ledgerItems[DOCUMENT_FILE_FIELD[type]];
    const rows = await db
      .selectDistinct({ name: column })
      .from(ledgerItems)
      .where(and(eq(ledgerItems.customer_code, customerCode), inArray(column, [...names])));
    for (const r of rows) found.add(r.name);
  }
  return found;
}
