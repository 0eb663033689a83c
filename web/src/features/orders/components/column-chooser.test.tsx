import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../../testing/fake-server';
import { answerLedgerSearch, ledgerItem } from '../../../testing/ledger';
import { renderWithProviders } from '../../../testing/render';
import { OrdersPage } from './orders-page';

const USER = { userInfo: { id: 7, userTypeId: 2, customerCode: 10001, mail: 'user@example.com' } };
const SEARCH = 'POST /api/v1/spec/search-result-ledgerItem';

beforeEach(() => {
  window.localStorage.clear();
  fakeServer.on(SEARCH, answerLedgerSearch(Array.from({ length: 3 }, () => ledgerItem())));
});

afterEach(() => {
  window.localStorage.clear();
});

async function renderOrders() {
  const rendered = renderWithProviders(<OrdersPage />, { session: USER, path: '/orders' });
  await screen.findByText('全検索結果 3 件');
  return rendered;
}

const table = () => screen.getByRole('table', { name: '注文明細' });
const headerNames = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
const chooser = () => screen.getByRole('button', { name: '表示する列' });

describe('the column chooser of the orders table', () => {
  it('hides a column when its box is unticked, by keyboard, and remembers it in this browser', async () => {
    const { user, unmount } = await renderOrders();
    expect(headerNames()).toContain('受注番号受注日');
    chooser().focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '表示する列' });
    // The fixed fields are listed, ticked and out of reach; the focus starts on the first other.
    expect(within(dialog).getByRole('checkbox', { name: '品番（常に表示）' })).toHaveProperty(
      'disabled',
      true,
    );
    const orderNo = within(dialog).getByRole('checkbox', { name: '受注番号' });
    expect(document.activeElement).toBe(orderNo);
    await user.keyboard(' ');
    expect(orderNo).toHaveProperty('checked', false);
    await user.click(within(dialog).getByRole('checkbox', { name: '納品先' }));
    // The pair keeps its other field; the single column goes.
    expect(headerNames()).toContain('受注日');
    expect(headerNames()).not.toContain('受注番号受注日');
    expect(headerNames()).not.toContain('納品先');
    expect(within(table()).queryByText('SO2604', { exact: false })).toBeNull();
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(chooser());

    unmount();
    await renderOrders();
    expect(headerNames()).not.toContain('納品先');
    expect(within(table()).queryByRole('button', { name: '受注番号' })).toBeNull();
    expect(within(table()).getByRole('button', { name: '品番' })).toBeTruthy();
  });

  it('「既定に戻す」 shows every column again, and sorting still works on the columns shown', async () => {
    window.localStorage.setItem(
      'portal.orders.hiddenColumns',
      JSON.stringify(['property_name', 'quantity']),
    );
    const { user } = await renderOrders();
    expect(headerNames()).not.toContain('物件名');
    await user.click(within(table()).getByRole('button', { name: '型式' }));
    expect(screen.getByRole('columnheader', { name: /型式/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await user.click(chooser());
    const dialog = await screen.findByRole('dialog', { name: '表示する列' });
    await user.click(within(dialog).getByRole('button', { name: '既定に戻す' }));
    expect(headerNames()).toContain('物件名');
    expect(headerNames()).toContain('数量');
    expect(window.localStorage.getItem('portal.orders.hiddenColumns')).toBeNull();
    expect(within(dialog).getByRole('button', { name: '既定に戻す' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('reads a stored choice it does not know as nothing hidden', async () => {
    window.localStorage.setItem('portal.orders.hiddenColumns', '{"not":"a list"}');
    await renderOrders();
    expect(headerNames()).toHaveLength(8);
  });
});
