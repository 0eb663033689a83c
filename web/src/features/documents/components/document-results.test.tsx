import type { DocumentListItem } from '@domain/api/documents';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { DocumentCards } from './document-results';

const item = (n: number): DocumentListItem => ({
  id: n,
  type: 'invoice',
  doc_date: '2026-10-31',
  doc_no: `INV-${n}`,
  customer_code: 10001,
  customer_name: '株式会社サンプル屋根',
  amount: 1000 + n,
  registration_no: null,
  file_name: `請求書_INV-${n}.pdf`,
  version: 1,
  reissued_on: null,
  first_download: null,
  downloaded_by_me: false,
});
const actions = { onDownload: () => {}, onHistory: () => {}, pendingId: null };
const cards = () => within(screen.getByRole('list', { name: '帳票一覧' })).getAllByRole('listitem');

describe('the phone’s document cards', () => {
  it('shows a page’s cards twenty at a time, the rest on request, then no button', async () => {
    const items = Array.from({ length: 45 }, (_, i) => item(i + 1));
    const { user } = renderWithProviders(
      <DocumentCards items={items} receiptsVisible={false} actions={actions} />,
    );
    expect(cards()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'さらに20件表示（残り25件）' }));
    expect(cards()).toHaveLength(40);
    expect(screen.getByText('請求書 INV-40')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'さらに5件表示（残り5件）' }));
    expect(cards()).toHaveLength(45);
    expect(screen.queryByRole('button', { name: /さらに/ })).toBeNull();
  });

  it('another page starts again from its first twenty cards', async () => {
    const first = Array.from({ length: 30 }, (_, i) => item(i + 1));
    const next = Array.from({ length: 30 }, (_, i) => item(i + 101));
    function NextPage() {
      const [items, setItems] = useState(first);
      return (
        <>
          <button type="button" onClick={() => setItems(next)}>
            次のページ
          </button>
          <DocumentCards items={items} receiptsVisible={false} actions={actions} />
        </>
      );
    }
    const { user } = renderWithProviders(<NextPage />);
    await user.click(screen.getByRole('button', { name: /さらに/ }));
    expect(cards()).toHaveLength(30);
    await user.click(screen.getByRole('button', { name: '次のページ' }));
    expect(cards()).toHaveLength(20);
    expect(screen.getByText('請求書 INV-101')).toBeTruthy();
  });
});
