import { INVOICE_CSV_COLUMNS } from '../../../server/services/invoice-import';

// Invoices for tests (factories with overrides), as the core system's CSV export writes them.

/** One invoice as a CSV row: every column a string, as the file holds it. */
export type InvoiceCsvRow = Record<keyof typeof INVOICE_CSV_COLUMNS, string>;

const COLUMNS = Object.keys(INVOICE_CSV_COLUMNS) as (keyof typeof INVOICE_CSV_COLUMNS)[];

/** The maker's 登録番号 in the tests: 国税庁's published 法人番号, a right check digit. */
export const REGISTRATION_NO = 'T7000012050002';

let sequence = 0;

/**
 * A complete invoice of customer 10001 (¥128,000 at 10 % and ¥5,400 at 8 %, taxes exact); every
 * column can be overridden.
 */
export function createInvoice(overrides: Partial<InvoiceCsvRow> = {}): InvoiceCsvRow {
  const no = String(++sequence).padStart(6, '0');
  return {
    invoice_no: `INV-T-${no}`,
    customer_code: '10001',
    invoice_date: '2026-10-31',
    closing_date: '2026-10-31',
    amount_excl_tax_10: '128000',
    tax_10: '12800',
    amount_excl_tax_8: '5400',
    tax_8: '432',
    total_amount: '146632',
    registration_no: REGISTRATION_NO,
    file_name: `請求書_INV-T-${no}.pdf`,
    delivery_nos: `DN-T-${no}-1|DN-T-${no}-2`,
    ...overrides,
  };
}

const csvField = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** The CSV of some invoices with its header row, CR LF line ends. */
export function invoiceCsv(
  rows: readonly InvoiceCsvRow[],
  options: { bom?: boolean } = {},
): string {
  const lines = [COLUMNS, ...rows.map((row) => COLUMNS.map((c) => row[c]))];
  const text = lines.map((line) => line.map(csvField).join(',')).join('\r\n');
  return `${options.bom ? '\uFEFF' : ''}${text}\r\n`;
}
