import type { DocumentListItem } from '@domain/api/documents';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { DocumentsPage } from './documents-page';

const USER = {
  userInfo: { id: 5, userTypeId: 2, customerCode: 10001, mail: 'user@example.com' },
};
const LIST = 'GET /api/v1/documents';

function item(n: number, overrides: Partial<DocumentListItem> = {}): DocumentListItem {
  return {
    id: n,
    type: 'invoice',
    doc_date: '2026-10-31',
    doc_no: `INV-${n}`,
    customer_code: 10001,
    customer_name: '株式会社サンプル屋根',
    amount: 146632,
    registration_no: 'T7000012050002',
    file_name: `請求書_INV-${n}.pdf`,
    version: 1,
    reissued_on: null,
    first_download: null,
    downloaded_by_me: false,
    ...overrides,
  };
}

beforeEach(() => {
  fakeServer.on(LIST, () =>
    json(200, {
      items: [
        item(1, { version: 2, reissued_on: '2026-11-20' }),
        item(2, { downloaded_by_me: true }),
      ],
      total: 2,
      page: 1,
      per_page: 100,
      receipts_visible: false,
    }),
  );
});

describe('帳票一覧', () => {
  it('lists the signed-in customer’s documents with the 再発行 mark and the user’s own download state', async () => {
    renderWithProviders(<DocumentsPage />, { session: USER, path: '/documents' });
    expect(await screen.findByText('全2件（1〜2件目）')).toBeTruthy();
    expect(fakeServer.calls(LIST).at(-1)!.query.get('customer_code')).toBe('10001');
    const table = screen.getByRole('table', { name: '帳票一覧' });
    expect(within(table).getByText('再発行 2026/11/20')).toBeTruthy();
    expect(within(table).getAllByText('146,632円')).toHaveLength(2);
    expect(within(table).getByText('ダウンロード済み')).toBeTruthy();
    expect(within(table).getByText('未ダウンロード')).toBeTruthy();
  });

  it('refuses an amount that is not whole yen, in Japanese, without asking the server', async () => {
    const { user } = renderWithProviders(<DocumentsPage />, { session: USER, path: '/documents' });
    await screen.findByText('全2件（1〜2件目）');
    const calls = fakeServer.calls(LIST).length;
    await user.type(screen.getByLabelText('金額（円・から）'), '12.5');
    await user.click(screen.getByRole('button', { name: '検索' }));
    expect(await screen.findByText('金額は円単位の整数で入力してください。')).toBeTruthy();
    expect(fakeServer.calls(LIST)).toHaveLength(calls);
  });
});
