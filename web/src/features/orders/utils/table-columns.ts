import type { LedgerSortField } from '@domain/ledger-search';

/**
 * The desktop table's columns, in their order. Pairs that belong together share a column, one
 * above the other, each with its own sort button: the order's number and date, the shipment's and
 * the expected delivery's date, the item number and the model. Fixed widths fit the 944 px a
 * 1280 px wide window gives the table; the property and destination take a share each, the item
 * and model the rest.
 */
export const TABLE_COLUMNS: {
  fields: readonly [LedgerSortField] | readonly [LedgerSortField, LedgerSortField];
  numeric?: boolean;
  width?: number | string;
}[] = [
  { fields: ['status'], width: 96 },
  { fields: ['sale_order_no', 'sale_order_date'], width: 132 },
  { fields: ['shipped_date', 'expected_delivery_date'], width: 116 },
  { fields: ['property_name'], width: '21%' },
  { fields: ['destination_name1'], width: '16%' },
  { fields: ['item_name', 'model_name'] },
  { fields: ['quantity'], numeric: true, width: 80 },
];

/**
 * Always shown: what a line is (its item number) and where it stands (its status, with the
 * 問い合わせ中 mark). Every other field the person may hide (docs/decisions/038).
 */
export const FIXED_TABLE_FIELDS: readonly LedgerSortField[] = ['status', 'item_name'];

/** Every field of the table in its order, as the column chooser lists them. */
export const TABLE_FIELDS: readonly LedgerSortField[] = TABLE_COLUMNS.flatMap((c) => c.fields);

/** Where the browser keeps the fields hidden (not those shown, so a field added later shows). */
export const HIDDEN_COLUMNS_KEY = 'portal.orders.hiddenColumns';

/** The fields hidden in this browser; anything unreadable or unknown counts as nothing hidden. */
export function readHiddenFields(storage: Pick<Storage, 'getItem'> | undefined): LedgerSortField[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(HIDDEN_COLUMNS_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return TABLE_FIELDS.filter(
      (field) => value.includes(field) && !FIXED_TABLE_FIELDS.includes(field),
    );
  } catch {
    return [];
  }
}

/** Keeps the hidden fields; a browser that refuses storage (private mode, full) keeps them for now. */
export function writeHiddenFields(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  hidden: readonly LedgerSortField[],
): void {
  try {
    if (hidden.length === 0) storage?.removeItem(HIDDEN_COLUMNS_KEY);
    else storage?.setItem(HIDDEN_COLUMNS_KEY, JSON.stringify(hidden));
  } catch {
    // Nothing to tell the person: the choice holds until the screen is left.
  }
}

/** The columns with at least one field shown, each with its shown fields. */
export function visibleColumns(hidden: readonly LedgerSortField[]) {
  return TABLE_COLUMNS.map((column) => ({
    ...column,
    fields: column.fields.filter((field) => !hidden.includes(field)),
  })).filter((column) => column.fields.length > 0);
}
