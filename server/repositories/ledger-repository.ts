import { and, asc, desc, eq, getTableColumns, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { ledgerItems } from '../../db/schema';
import type { LedgerItem } from '../../domain/api/ledger';
import type { LedgerSearchCriteria, LedgerSort, LedgerSortField } from '../../domain/ledger-search';

// All SQL of the order lines (ledger_items). The search is one indexed statement per call (plus a
// count when paged); nothing is filtered in JavaScript. Index use, per condition:
//   customer + order-date window        ledger_items_customer_order_date_idx (customer_code, sale_order_date)
//   + status                            ledger_items_customer_status_order_date_idx
//   + item number (range or prefix)     ledger_items_customer_item_name_idx (customer_code, item_name COLLATE "C")
//   + keywords (LIKE on search_text)    ledger_items_search_text_trgm_idx (pg_trgm GIN), or a filter
// The default order (order date, newest first) is the first index read backwards, so a page of
// a customer with a hundred thousand lines sorts only the lines of its last day (by id); every
// other sort has its own (customer_code, column) index (migration 0006). The total of a search on
// text is counted ten pages ahead at most (countCapOf).

/** The columns of an answer row: spec §3's order line and the four document lookup keys. */
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

// Case-insensitive "contains": the column lower-cased (search_text is stored lower-cased) LIKE the
// lower-cased pattern, by the database's own lower(). Several times faster than ILIKE on Japanese
// text, and the trigram index on search_text serves LIKE as it serves ILIKE.
const containedIn = (column: SQL | PgColumn, text: string): SQL =>
  sql`${column} like lower(${`%${escapeLike(text)}%`})`;
const lowered = (column: PgColumn) => sql`lower(${column})`;

// Item numbers compare by code unit whatever the database's collation, as the domain rule does
// (domain/ledger-search.ts matchesItemNo); the index is built on the same expression.
const itemNameC = sql`(${ledgerItems.item_name} collate "C")`;

/** The WHERE clause of a search. */
export function ledgerSearchWhere(criteria: LedgerSearchCriteria): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(ledgerItems.customer_code, criteria.customerCode),
    gte(ledgerItems.sale_order_date, criteria.from),
    lte(ledgerItems.sale_order_date, criteria.to),
  ];
  if (criteria.status !== null) conditions.push(eq(ledgerItems.status, criteria.status));
  const itemNo = criteria.itemNo;
  if (itemNo?.kind === 'prefix') {
    conditions.push(sql`${itemNameC} like ${`${escapeLike(itemNo.prefix)}%`}`);
  } else if (itemNo) {
    if (itemNo.from !== null) conditions.push(sql`${itemNameC} >= ${itemNo.from}`);
    if (itemNo.to !== null) conditions.push(sql`${itemNameC} <= ${itemNo.to}`);
  }
  if (criteria.productName !== null) {
    conditions.push(containedIn(lowered(ledgerItems.model_name), criteria.productName));
  }
  if (criteria.propertyName !== null) {
    conditions.push(containedIn(lowered(ledgerItems.property_name), criteria.propertyName));
  }
  if (criteria.keywords.length > 0) {
    const each = criteria.keywords.map((k) => containedIn(ledgerItems.search_text, k));
    conditions.push(criteria.keywordMatch === 'and' ? and(...each) : or(...each));
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
};

const textSortFields = new Set<LedgerSortField>([
  'property_name',
  'destination_name1',
  'item_name',
  'model_name',
]);

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
  if (sort.field === 'shipped_date') {
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

/** The statement that selects one page of a search (also run bare by the benchmark). */
export function ledgerSearchRowsQuery(
  db: Database,
  criteria: LedgerSearchCriteria,
  page: LedgerPageRequest,
) {
  return db
    .select(ledgerItemColumns)
    .from(ledgerItems)
    .where(ledgerSearchWhere(criteria))
    .orderBy(...ledgerOrderBy(page.sort))
    .limit(page.limit)
    .offset(page.offset);
}

/** Whether a search filters on text (LIKE), which only a read of each candidate line can answer. */
export const searchesText = (criteria: LedgerSearchCriteria): boolean =>
  criteria.keywords.length > 0 || criteria.productName !== null || criteria.propertyName !== null;

/**
 * The statement that counts the lines of a search, up to `cap` + 1 when a cap is given: a count
 * that reads each line (text conditions) stops once it knows there are more than `cap`.
 */
export function ledgerSearchCountQuery(
  db: Database,
  criteria: LedgerSearchCriteria,
  cap: number | null = null,
) {
  const total = sql<number>`count(*)::int`;
  if (cap === null) {
    return db.select({ total }).from(ledgerItems).where(ledgerSearchWhere(criteria));
  }
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(ledgerItems)
    .where(ledgerSearchWhere(criteria))
    .limit(cap + 1)
    .as('matches');
  return db.select({ total }).from(matches);
}

export async function findLedgerItems(
  db: Database,
  criteria: LedgerSearchCriteria,
  page: LedgerPageRequest,
): Promise<LedgerItem[]> {
  return ledgerSearchRowsQuery(db, criteria, page);
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
    ledgerSearchRowsQuery(db, criteria, page),
    ledgerSearchCountQuery(db, criteria, cap),
  ]);
  const counted = count?.total ?? 0;
  if (cap !== null && counted > cap) return { items, total: cap, totalCapped: true };
  return { items, total: counted, totalCapped: false };
}

/** Pages counted past the asked page's start when the count is capped. */
export const COUNTED_PAGES_AHEAD = 10;

/** The count cap of a search: null (exact) unless it filters on text. */
export function countCapOf(criteria: LedgerSearchCriteria, page: LedgerPageRequest): number | null {
  return searchesText(criteria) ? page.offset + COUNTED_PAGES_AHEAD * page.limit : null;
}

// ---------------------------------------------------------------------------------------------
// Import: upsert on the line key, writing only what changed

/** A complete line as the import writes it (every column but id, search_text and timestamps). */
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
}

/**
 * Inserts new lines and updates stored ones that differ (same sale_order_no, sale_order_line_no,
 * delivery_no, delivery_line_no). Identical lines are not touched, so updated_at stays. Lines
 * travel as one JSON parameter per statement: thousands of rows without thousands of parameters.
 */
export async function upsertLedgerLines(
  db: Pick<Database, 'execute'>,
  lines: readonly LedgerLine[],
): Promise<UpsertCounts> {
  if (lines.length === 0) return { inserted: 0, updated: 0 };
  const result = await db.execute(
    sql`insert into ${ledgerItems} (${insertColumnList})
      select ${insertColumnList} from json_populate_recordset(null::${ledgerItems}, ${JSON.stringify(lines)}::json)
      on conflict (${keyColumnList}) do update set ${updateSet} where ${changedCondition}
      returning (xmax::text = '0') as inserted`,
  );
  // node-postgres and PGlite both answer with { rows }.
  const rows = (result as unknown as { rows: { inserted: boolean }[] }).rows;
  const inserted = rows.filter((r) => r.inserted).length;
  return { inserted, updated: rows.length - inserted };
}
