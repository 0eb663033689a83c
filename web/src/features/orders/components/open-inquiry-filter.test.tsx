import type { LedgerPageItem } from '@domain/api/ledger';
import { LEDGER_STATUS } from '@domain/constants';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeRequest, fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { OrdersPage } from './orders-page';

// 問い合わせ中 on the orders screen (docs/decisions/032): the server marks a page's lines that
// have an open request; the screen shows the mark on a row and a card, and its filter is sent to
// the server and kept in the address.

const USER = { userInfo: { id: 7, userTypeId: 2, customerCode: 10001, mail: 'user@example.com' } };

function line(no: string, overrides: Partial<LedgerPageItem> = {}): LedgerPageItem {
  return {
    customer_code: 10001,
    status: LEDGER_STATUS.backlog,
    sale_order_no: `SO2611-${no}`,
    sale_order_line_no: 1,
    delivery_no: '',
    delivery_line_no: 0,
    sale_order_date: '2026-11-01',
    shipped_date: null,
    expected_delivery_date: '2026-12-12',
    delivery_request: null,
    property_name: `物件${no} 新築工事`,
    item_name: 'SR-200-BK',
    model_name: 'SR-200 ブラック',
    quantity: 10,
    unit_price: 3450,
    amount: 34_500,
    destination_name1: '株式会社東和ルーフ 本社',
    destination_name2: '',
    destination_address: '東京都江東区新木場1-2-3',
    contact_person: '佐藤 一郎',
    transportation: 'ヤマト運輸',
    shipping_label_number: '',
    invoice_file_name: '',
    shipped_file_name: '',
    delivery_file_name: '',
    ...overrides,
  };
}

const ledger = [line('000001', { open_inquiry: true }), line('000002')];

function answerSearch({ body }: FakeRequest) {
  const b = body as { page: number; page_size: number; open_inquiry?: boolean };
  const items = b.open_inquiry ? ledger.filter((l) => l.open_inquiry) : ledger;
  return json(200, { items, total: items.length, page: b.page, page_size: b.page_size });
}

const searches = () =>
  fakeServer
    .calls('POST /api/v1/spec/search-result-ledgerItem')
    .map((r) => r.body as { open_inquiry?: boolean });

beforeEach(() => {
  fakeServer.on('POST /api/v1/spec/search-result-ledgerItem', answerSearch);
});

describe('問い合わせ中 on the orders screen', () => {
  it('marks the row with an open request, by a name a screen reader reads, and no other row', {
    timeout: 60_000,
  }, async () => {
    renderWithProviders(<OrdersPage />, { session: USER, path: '/orders' });
    await screen.findByText('全検索結果 2 件');
    const rows = within(screen.getByRole('table', { name: '注文明細' }))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByRole('img', { name: '問い合わせ中' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('img', { name: '問い合わせ中' })).toBeNull();
  });

  it('marks the card with an open request on a phone', { timeout: 60_000 }, async () => {
    window.innerWidth = 390;
    renderWithProviders(<OrdersPage />, { session: USER, path: '/orders' });
    await screen.findByText('全検索結果 2 件');
    const cards = screen.getAllByRole('button', { name: /物件00000\d/ });
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('img', { name: '問い合わせ中' })).toBeTruthy();
    expect(within(cards[1]!).queryByRole('img', { name: '問い合わせ中' })).toBeNull();
  });

  it('sends 問い合わせ中 to the server, names it among the conditions and keeps it in the address', {
    timeout: 60_000,
  }, async () => {
    const { router, user } = renderWithProviders(<OrdersPage />, {
      session: USER,
      path: '/orders',
    });
    await screen.findByText('全検索結果 2 件');
    expect(searches().at(-1)).not.toHaveProperty('open_inquiry');

    await user.click(screen.getByRole('button', { name: '絞り込み' }));
    const form = await screen.findByRole('form', { name: '絞り込み条件' });
    await user.click(within(form).getByRole('checkbox', { name: '問い合わせ中の明細だけ' }));
    await user.click(within(form).getByRole('button', { name: '検索' }));

    await screen.findByText('全検索結果 1 件');
    expect(searches().at(-1)).toMatchObject({ open_inquiry: true });
    expect(new URLSearchParams(router.state.location.search).get('inquiry')).toBe('open');
    expect(within(screen.getByLabelText('検索条件')).getByText('問い合わせ中')).toBeTruthy();
  });

  it('searches 問い合わせ中 when the address asks for it', { timeout: 60_000 }, async () => {
    renderWithProviders(<OrdersPage />, { session: USER, path: '/orders?status=all&inquiry=open' });
    await screen.findByText('全検索結果 1 件');
    expect(searches().at(-1)).toMatchObject({ open_inquiry: true, status: 'all' });
  });
});
