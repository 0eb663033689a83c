import type { LedgerExportFormat, LedgerItem } from './api/ledger';
import { DOCUMENT_LABELS } from './api/order-documents';
import { type CarrierTrackingTable, trackingUrl } from './carrier-tracking';
import { fixExpectedDeliveryDate } from './expected-delivery-date';
import { exportableText } from './export-text';
import { todayInJapan } from './japan-time';

// The Excel and CSV export of an order search: every field of the detail panel
// (docs/product.md §2 Detail panel rows, §3 Order line) with the labels the orders screen uses.

/** Lines one export may hold (docs/decisions/012): larger searches are refused before streaming. */
export const LEDGER_EXPORT_MAX_ROWS = 100_000;

export const ledgerExportTooManyMessage = (max: number) =>
  `出力できるのは${max.toLocaleString('en-US')}件までです。検索条件を絞り込んでください。`;

/**
 * Exports one person and the whole server run at once unless configured otherwise
 * (LEDGER_EXPORT_MAX_PER_USER, LEDGER_EXPORT_MAX_TOTAL; docs/decisions/024).
 */
export const LEDGER_EXPORT_MAX_PER_USER = 2;
export const LEDGER_EXPORT_MAX_TOTAL = 4;
/** Retry-After of a refused export: about the time an export of 100,000 lines takes. */
export const LEDGER_EXPORT_RETRY_AFTER_SECONDS = 10;

export const ledgerExportBusyMessage = {
  user: (max: number) =>
    `実行中の出力が${max}件あります。出力が終わってから、もう一度お試しください。`,
  total: (seconds: number) =>
    `ただいま出力が混み合っています。${seconds}秒ほど待ってから、もう一度お試しください。`,
} as const;

/**
 * `code` is a number the core system gives as text (受注番号, 納品番号, 送り状番号): written as text
 * in both formats, so that Excel keeps every digit and its leading zeros (decision 031).
 */
export type ExportCellKind = 'text' | 'code' | 'date' | 'number';

export interface LedgerExportColumn {
  header: string;
  kind: ExportCellKind;
  /** Excel column width in characters (a Japanese character counts about two). */
  width: number;
  /** The cell: a date as YYYY-MM-DD, a number, or text ('' when empty). */
  value: (line: LedgerItem, tracking: CarrierTrackingTable) => string | number | null;
}

const text = (
  header: string,
  width: number,
  value: (line: LedgerItem, tracking: CarrierTrackingTable) => string | null,
): LedgerExportColumn => ({ header, kind: 'text', width, value });
const code = (header: string, width: number, value: (line: LedgerItem) => string | null) =>
  ({ header, kind: 'code', width, value }) satisfies LedgerExportColumn;
const date = (header: string, value: (line: LedgerItem) => string | null): LedgerExportColumn => ({
  header,
  kind: 'date',
  width: 12,
  value,
});
const number = (
  header: string,
  width: number,
  value: (line: LedgerItem) => number,
): LedgerExportColumn => ({ header, kind: 'number', width, value });

/** The columns in order, with the orders screen's wording. */
export const LEDGER_EXPORT_COLUMNS: readonly LedgerExportColumn[] = [
  text('ステータス', 10, (l) => l.status),
  code('受注番号', 16, (l) => l.sale_order_no),
  date('受注日', (l) => l.sale_order_date),
  code('納品番号', 16, (l) => l.delivery_no),
  date('出荷日', (l) => l.shipped_date),
  // docs/product.md §4: year 1900 is the core system's placeholder and reads as 2025.
  date('納品予定日', (l) => fixExpectedDeliveryDate(l.expected_delivery_date)),
  text('納品希望', 16, (l) => l.delivery_request),
  text('物件名', 30, (l) => l.property_name),
  text('品番', 16, (l) => l.item_name),
  text('型式', 30, (l) => l.model_name),
  number('数量', 8, (l) => l.quantity),
  number('単価', 12, (l) => l.unit_price),
  number('金額', 14, (l) => l.amount),
  text('納品先（名1）', 24, (l) => l.destination_name1),
  text('納品先（名2）', 24, (l) => l.destination_name2),
  text('納品先住所', 40, (l) => l.destination_address),
  text('担当者', 14, (l) => l.contact_person),
  text('運送会社', 14, (l) => l.transportation),
  code('送り状番号', 16, (l) => l.shipping_label_number),
  text('追跡URL', 40, (l, t) => trackingUrl(t, l.transportation, l.shipping_label_number)),
  text(DOCUMENT_LABELS.invoice, 28, (l) => l.invoice_file_name),
  text(DOCUMENT_LABELS.shipped, 28, (l) => l.shipped_file_name),
  text(DOCUMENT_LABELS.delivery, 28, (l) => l.delivery_file_name),
];

/** 注文一覧_<customer code>_<YYYYMMDD in Japan>.<format>. */
export function ledgerExportFileName(
  customerCode: number,
  format: LedgerExportFormat,
  now: Date,
): string {
  return `注文一覧_${customerCode}_${todayInJapan(now).replaceAll('-', '')}.${format}`;
}

// ---------------------------------------------------------------------------------------------
// CSV (RFC 4180, UTF-8 with BOM and CRLF, which Excel opens as UTF-8)

export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/**
 * Characters a spreadsheet may pass over before it looks for a formula's first character: white
 * space of any width (the full-width space included) and the invisible ones (zero-width space and
 * joiners, the word joiner, the BOM, the soft hyphen, direction marks and embeddings).
 */
const SKIPPED_BEFORE_FORMULA =
  /^[\s\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]+/u;

/**
 * The characters that start a formula once folded by NFKC (＝＋－＠ and the small and raised
 * forms ﹦﹢﹣﹫⁼⁺⁻ all fold to = + - @), and the minus sign U+2212, which NFKC keeps but a
 * spreadsheet set up for Japanese input may take for a minus.
 */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\u2212']);

/**
 * A text a spreadsheet would run as a formula gets a leading apostrophe, which spreadsheets show
 * as text and do not run (CSV injection). A formula is a text that starts with a tab, CR or LF, or
 * whose first visible character is = + - @ in any width or form (full-width ＝＋－＠ too: Excel
 * set up for Japanese input reads them as the ASCII ones), after any white space and invisible
 * characters. Only text cells are neutralised: numbers and dates are written by the server, never
 * taken from ledger text.
 */
export function neutraliseFormula(value: string): string {
  if (/^[\t\r\n]/.test(value)) return `'${value}`;
  const first = value.replace(SKIPPED_BEFORE_FORMULA, '').codePointAt(0);
  if (first === undefined) return value;
  return FORMULA_STARTS.has(String.fromCodePoint(first).normalize('NFKC').charAt(0))
    ? `'${value}`
    : value;
}

/**
 * Digits only, in either width: what Excel, opening a CSV, takes for a number — shown as 4.62E+11
 * from 12 digits on, every digit after the 15th turned to 0, leading zeros dropped (full-width
 * digits are read as numbers too on a Japanese Windows).
 */
const READ_AS_A_NUMBER = /^[0-9\uFF10-\uFF19]+$/u;

/**
 * A code's CSV cell. Digits only are written as the formula ="…", which Excel opens as the text of
 * its digits, all of them (decision 031): it is the one way a CSV tells Excel "text" that leaves
 * the cell's value exactly the digits — a leading apostrophe is shown in the cell when Excel opens
 * a CSV, and a leading tab stays in the value (and is one of the formula starts neutralised
 * below). The formula can hold nothing but the digits it was checked for, so it opens no way for
 * the ledger's text to run; anything else is neutralised as any text is.
 */
export function csvCode(value: string): string {
  return READ_AS_A_NUMBER.test(value) ? `="${value}"` : neutraliseFormula(value);
}

/** One CSV field: quoted when it holds a quote, comma, CR or LF (quotes doubled). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV record of cells, ending with CRLF. */
export function csvRecord(cells: readonly string[]): string {
  return cells.map(csvField).join(',') + CSV_LINE_END;
}

/**
 * The CSV cells of a line: text with the characters the ledger may not hold shown as 「�」 (as the
 * .xlsx shows them, domain/export-text.ts) and neutralised, a code of digits as ="…", dates
 * YYYY-MM-DD, numbers plain.
 */
export function csvCellsOf(line: LedgerItem, tracking: CarrierTrackingTable): string[] {
  return LEDGER_EXPORT_COLUMNS.map((column) => {
    const value = column.value(line, tracking);
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    if (column.kind === 'code') return csvCode(exportableText(value));
    return column.kind === 'text' ? neutraliseFormula(exportableText(value)) : value;
  });
}
