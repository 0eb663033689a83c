import type { DocumentListItem } from '@domain/api/documents';
import { LEDGER_STATUS } from '@domain/constants';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../testing/fake-server';
import { ledgerItem } from '../../../testing/ledger';
import { renderWithProviders } from '../../../testing/render';
import { LineRegister } from './line-register';

const USER = { userInfo: { id: 7, userTypeId: 2, customerCode: 10001, mail: 'user@example.com' } };
const DOCUMENTS = 'GET /api/v1/documents';

function document(overrides: Partial<DocumentListItem>): DocumentListItem {
  return {
    id: 1,
    type: 'invoice',
    doc_date: '2026-04-30',
    doc_no: 'INV-0001',
    customer_code: 10001,
    customer_name: '株式会社東和ルーフ 本社',
    amount: 4_554_000,
    registration_no: 'T7000012050002',
    file_name: 'INV-0001.pdf',
    version: 1,
    reissued_on: null,
    first_download: null,
    downloaded_by_me: false,
    ...overrides,
  };
}

let register: DocumentListItem[];
beforeEach(() => {
  register = [];
  fakeServer.on(DOCUMENTS, () =>
    json(200, {
      items: register,
      total: register.length,
      page: 1,
      per_page: 100,
      receipts_visible: false,
    }),
  );
});

describe('an order line’s entries in the documents register', () => {
  it('lists its invoice with version and 再発行 mark and its shipping notice, each linking to 帳票一覧 filtered to it', async () => {
    const line = { ...ledgerItem(), key: 'k1' };
    register = [
      document({ id: 2, type: 'shipping_notice', doc_no: line.delivery_no, version: null }),
      document({ id: 1, version: 2, reissued_on: '2026-05-08' }),
    ];
    const { user, router } = renderWithProviders(<LineRegister line={line} />, {
      session: USER,
      path: '/orders',
    });
    const section = await screen.findByRole('region', { name: '帳票一覧の記録' });
    const invoice = await within(section).findByRole('link', { name: '請求書 INV-0001' });
    // The invoice first, with its version and the re-issue's date.
    expect(within(section).getAllByRole('link')[0]).toBe(invoice);
    expect(section.textContent).toContain('2026/04/30 第2版');
    expect(within(section).getByText('再発行 2026/05/08')).toBeTruthy();
    expect(
      within(section).getByRole('link', { name: `出荷案内 ${line.delivery_no}` }),
    ).toBeTruthy();
    expect(within(section).queryByText('この明細の請求書はまだ登録されていません')).toBeNull();
    // Asked for the line's delivery of the line's customer, nothing else.
    expect(Object.fromEntries(fakeServer.calls(DOCUMENTS)[0]!.query)).toEqual({
      customer_code: '10001',
      delivery_no: line.delivery_no,
    });

    await user.click(invoice);
    const address = new URLSearchParams(router.state.location.search);
    expect(router.state.location.pathname).toBe('/documents');
    expect(Object.fromEntries(address)).toEqual({
      customer: '10001',
      delivery: line.delivery_no,
      type: 'invoice',
    });
  });

  it('says that no invoice is registered yet, for a shipped line without one and a backlog line', async () => {
    const shipped = { ...ledgerItem(), key: 'k2' };
    register = [document({ id: 3, type: 'delivery_slip', doc_no: shipped.delivery_no })];
    const { unmount } = renderWithProviders(<LineRegister line={shipped} />, {
      session: USER,
      path: '/orders',
    });
    expect(await screen.findByText('この明細の請求書はまだ登録されていません')).toBeTruthy();
    expect(screen.getByRole('link', { name: `納品書 ${shipped.delivery_no}` })).toBeTruthy();
    unmount();

    const backlog = {
      ...ledgerItem({ status: LEDGER_STATUS.backlog, delivery_no: '', shipped_date: null }),
      key: 'k3',
    };
    const before = fakeServer.calls(DOCUMENTS).length;
    renderWithProviders(<LineRegister line={backlog} />, { session: USER, path: '/orders' });
    expect(await screen.findByText('この明細の請求書はまだ登録されていません')).toBeTruthy();
    expect(fakeServer.calls(DOCUMENTS)).toHaveLength(before);
  });
});
