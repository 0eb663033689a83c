import type { LedgerItem } from '@domain/api/ledger';
import { LEDGER_STATUS } from '@domain/constants';
import { type FakeRequest, json } from './fake-server';

let serial = 0;

/** Numbers the next test's lines from 1 again (called after each test by setup-tests.ts). */
export function restartLedgerNumberingForTests(): void {
  serial = 0;
}

/** An order line of customer 10001 with every field filled, numbered in order; overrides win. */
export function ledgerItem(overrides: Partial<LedgerItem> = {}): LedgerItem {
  serial += 1;
  const no = String(serial).padStart(4, '0');
  return {
    customer_code: 10001,
    status: LEDGER_STATUS.shipped,
    sale_order_no: `SO2604-${no}`,
    sale_order_line_no: 1,
    delivery_no: `DN2604-${no}`,
    delivery_line_no: 1,
    sale_order_date: '2026-04-01',
    shipped_date: '2026-04-10',
    expected_delivery_date: '2026-04-12',
    delivery_request: null,
    property_name: `物件${no} 新築工事`,
    item_name: 'SR-200-BK',
    model_name: 'SR-200 ブラック',
    quantity: 1200,
    unit_price: 3450,
    amount: 4_140_000,
    destination_name1: '株式会社東和ルーフ 本社',
    destination_name2: '第二倉庫',
    destination_address: '東京都江東区新木場1-2-3',
    contact_person: '佐藤 一郎',
    transportation: 'ヤマト運輸',
    shipping_label_number: '123456789012',
    invoice_file_name: `INV_SO2604-${no}.pdf`,
    shipped_file_name: `SHP_DN2604-${no}.pdf`,
    delivery_file_name: `DLV_DN2604-${no}.pdf`,
    ...overrides,
  };
}

/** The paged answer of search-result-ledgerItem over `lines` (no filtering), as the server pages. */
export function answerLedgerSearch(lines: readonly LedgerItem[]) {
  return ({ body }: FakeRequest) => {
    const { page, page_size: pageSize } = body as { page: number; page_size: number };
    const start = (page - 1) * pageSize;
    return json(200, {
      items: lines.slice(start, start + pageSize),
      total: lines.length,
      page,
      page_size: pageSize,
    });
  };
}
