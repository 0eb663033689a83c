import type { LedgerItem } from '@domain/api/ledger';
import type { AppConfig } from '@domain/app-config';
import { DEFAULT_CARRIER_TRACKING } from '@domain/carrier-tracking';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG } from '../../../lib/app-config';
import { fakeServer, json } from '../../../testing/fake-server';
import { ledgerItem } from '../../../testing/ledger';
import { renderWithProviders } from '../../../testing/render';
import { toOrderLine } from '../api/search-ledger-items';
import { OrderDetail } from './order-detail';

const USER = { userInfo: { id: 7, userTypeId: 2, customerCode: 10001 } };
const LINK_NAME = '配送状況を確認（新しいタブで開きます）';

const line = (overrides: Partial<LedgerItem>) =>
  toOrderLine(ledgerItem({ shipping_label_number: '1234-5678-9012', ...overrides }));

function renderDetail(overrides: Partial<LedgerItem>, config = DEFAULT_APP_CONFIG) {
  return renderWithProviders(
    <OrderDetail
      line={line(overrides)}
      copyConfirmMs={1500}
      onDownload={() => {}}
      downloading={null}
      showPopupHint={false}
    />,
    { session: USER, config },
  );
}

// The detail also lists the line's register entries (line-register.test.tsx): none here.
beforeEach(() => {
  fakeServer.on('GET /api/v1/documents', () =>
    json(200, { items: [], total: 0, page: 1, per_page: 100, receipts_visible: false }),
  );
});

const trackingLink = () => screen.queryByRole('link', { name: LINK_NAME });

describe('the tracking link of the detail', () => {
  it("opens a known carrier's tracking page for the cleaned label number in a new tab", () => {
    renderDetail({ transportation: 'ﾔﾏﾄ運輸株式会社' });
    const link = trackingLink()!;
    expect(link.textContent).toContain('配送状況を確認');
    expect(link.getAttribute('href')).toBe(
      DEFAULT_CARRIER_TRACKING.yamato!.url.replace('{number}', '123456789012'),
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    // Beside the number and its copy button.
    expect(screen.getByText('1234-5678-9012')).toBeTruthy();
    expect(screen.getByRole('button', { name: '送り状番号をコピー' })).toBeTruthy();
  });

  it('shows no link for an unknown carrier, no carrier or an empty number', () => {
    const { unmount } = renderDetail({ transportation: '富士見運輸' });
    expect(screen.getByText('1234-5678-9012')).toBeTruthy();
    expect(trackingLink()).toBeNull();
    unmount();

    const second = renderDetail({ transportation: '' });
    expect(trackingLink()).toBeNull();
    second.unmount();

    renderDetail({ transportation: '佐川急便', shipping_label_number: '' });
    expect(trackingLink()).toBeNull();
    expect(screen.queryByRole('button', { name: '送り状番号をコピー' })).toBeNull();
  });

  it("takes the server's table when its page carries one (a carrier added by the operator)", () => {
    const carrierTracking = {
      fujimi: {
        name: '富士見運輸',
        aliases: [],
        url: 'https://track.example.jp/fujimi?no={number}',
      },
    };
    const config = { ...DEFAULT_APP_CONFIG, carrierTracking } as AppConfig;
    renderDetail({ transportation: '富士見運輸' }, config);
    expect(trackingLink()?.getAttribute('href')).toBe(
      'https://track.example.jp/fujimi?no=123456789012',
    );
  });
});
