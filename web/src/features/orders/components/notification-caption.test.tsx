import type { LedgerItem } from '@domain/api/ledger';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeRequest, fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { OrdersPage } from './orders-page';

// The orders screen opened from a shipment notification mail's link
// (docs/decisions/014): /orders?notification=<id>&customer=<code> shows only that notification's
// lines, says so with their count, and can go back to the ordinary search.

const USER = { userInfo: { id: 7, userTypeId: 1, customerCode: 10001, mail: 'user@example.com' } };

function line(n: number): LedgerItem {
  return {
    customer_code: 10001,
    status: '出荷済',
    sale_order_no: `SO-N-${n}`,
    sale_order_line_no: 1,
    delivery_no: `DN-N-${n}`,
    delivery_line_no: 1,
    sale_order_date: '2026-04-01',
    shipped_date: '2026-11-20',
    expected_delivery_date: '2026-11-22',
    delivery_request: null,
    property_name: `通知物件${n}`,
    item_name: `NOTIFIED-${n}`,
    model_name: 'SR-200',
    quantity: 3,
    unit_price: 100,
    amount: 300,
    destination_name1: '',
    destination_name2: '',
    destination_address: '',
    contact_person: '',
    transportation: 'ヤマト運輸',
    shipping_label_number: '123456789012',
    invoice_file_name: '',
    shipped_file_name: '',
    delivery_file_name: '',
  };
}

const searches = () =>
  fakeServer
    .calls('POST /api/v1/spec/search-result-ledgerItem')
    .map((r) => r.body as { notification_id?: number; customer_code: number; status: string });

beforeEach(() => {
  fakeServer.on('POST /api/v1/spec/search-result-ledgerItem', ({ body }: FakeRequest) => {
    const b = body as { notification_id?: number; status: string; page: number; page_size: number };
    // The notified lines are shipped: a search for backlog lines would not find them.
    const lines = b.notification_id === 42 ? [line(1), line(2), line(3)] : [line(9)];
    const items = b.status === 'backlog' ? [] : lines;
    return json(200, { items, total: items.length, page: b.page, page_size: b.page_size });
  });
});

describe('the orders screen from a shipment notification mail', () => {
  it('asks for the notification’s lines, says how many, and clears back to the ordinary search', async () => {
    const { user } = renderWithProviders(<OrdersPage />, {
      session: USER,
      path: '/orders?notification=42&customer=10001',
    });
    expect(await screen.findByText('出荷通知メールの明細（3件）を表示しています')).toBeTruthy();
    // The link names no conditions: every status, no start date (not the screen's defaults).
    expect(searches().at(-1)).toMatchObject({
      customer_code: 10001,
      notification_id: 42,
      status: 'all',
      from_date: null,
    });
    expect(await screen.findAllByText('NOTIFIED-1')).not.toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'すべての明細を表示' }));
    await waitFor(() => expect(searches().at(-1)!.notification_id).toBeUndefined());
    expect(await screen.findAllByText('NOTIFIED-9')).not.toHaveLength(0);
    expect(screen.queryByText(/出荷通知メールの明細/)).toBeNull();
  });

  it('shows no caption and sends no notification without one in the address', async () => {
    renderWithProviders(<OrdersPage />, { session: USER, path: '/orders?status=all' });
    expect(await screen.findAllByText('NOTIFIED-9')).not.toHaveLength(0);
    expect(screen.queryByText(/出荷通知メールの明細/)).toBeNull();
    expect(searches().every((b) => b.notification_id === undefined)).toBe(true);
  });
});
