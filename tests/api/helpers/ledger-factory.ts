import type { Database } from '../../../db/client';
import { ledgerItems } from '../../../db/schema';
import type { LedgerItem } from '../../../domain/api/ledger';
import { LEDGER_STATUS } from '../../../domain/constants';

// Order lines for tests (CONTRIBUTING.md, Tests: factories with overrides), built from the demo vocabulary.

let sequence = 0;

/** A complete shipped line of customer 10001; every field can be overridden. */
export function createLedgerItem(overrides: Partial<LedgerItem> = {}): LedgerItem {
  const n = ++sequence;
  const no = String(n).padStart(6, '0');
  return {
    customer_code: 10001,
    status: LEDGER_STATUS.shipped,
    sale_order_no: `SO-T-${no}`,
    sale_order_line_no: 1,
    delivery_no: `DN-T-${no}`,
    delivery_line_no: 1,
    sale_order_date: '2026-10-01',
    shipped_date: '2026-10-05',
    expected_delivery_date: '2026-10-07',
    delivery_request: null,
    property_name: '高橋様邸 新築工事',
    item_name: 'SR-200-GL',
    model_name: '太陽光架台 SR-200 (ガルバリウム)',
    quantity: 10,
    unit_price: 12800,
    amount: 128000,
    destination_name1: '高橋様邸 現場',
    destination_name2: '現場担当 鈴木様',
    destination_address: '東京都八王子市明神町1-2-3',
    contact_person: '佐藤 一郎',
    transportation: 'ヤマト運輸',
    shipping_label_number: '412345678901',
    invoice_file_name: `請求書_SO-T-${no}.pdf`,
    shipped_file_name: `出荷案内_DN-T-${no}.pdf`,
    delivery_file_name: '',
    ...overrides,
  };
}

/** A backlog line: no delivery, no shipped date, no documents. */
export function createBacklogItem(overrides: Partial<LedgerItem> = {}): LedgerItem {
  return createLedgerItem({
    status: LEDGER_STATUS.backlog,
    delivery_no: '',
    delivery_line_no: 0,
    shipped_date: null,
    shipping_label_number: '',
    invoice_file_name: '',
    shipped_file_name: '',
    ...overrides,
  });
}

/** Inserts the lines in their order (ids ascending), straight into the table. */
export async function insertLedgerItems(db: Database, items: readonly LedgerItem[]): Promise<void> {
  for (let i = 0; i < items.length; i += 500) {
    await db.insert(ledgerItems).values(items.slice(i, i + 500).map((item) => ({ ...item })));
  }
}

const CSV_COLUMNS = Object.keys(createLedgerItem()) as (keyof LedgerItem)[];

function csvField(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The import's CSV of some lines: header row, then one row per line. */
export function ledgerCsv(items: readonly LedgerItem[], options: { bom?: boolean } = {}): string {
  const rows = [CSV_COLUMNS, ...items.map((item) => CSV_COLUMNS.map((c) => item[c]))];
  const text = rows.map((row) => row.map(csvField).join(',')).join('\r\n');
  return `${options.bom ? '\uFEFF' : ''}${text}\r\n`;
}
