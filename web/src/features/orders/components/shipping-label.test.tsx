import type { LedgerItem } from '@domain/api/ledger';
import type { AppConfig } from '@domain/app-config';
import { DEFAULT_CARRIER_TRACKING } from '@domain/carrier-tracking';
import { LEDGER_STATUS } from '@domain/constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG } from '../../../lib/app-config';
import { renderWithProviders } from '../../../testing/render';
import { toOrderLine } from '../api/search-ledger-items';
import { OrderDetail } from './order-detail';

const USER = { userInfo: { id: 7, userTypeId: 2, customerCode: 10001 } };
const LINK_NAME = '配送状況を確認（新しいタブで開きます）';

function line(overrides: Partial<LedgerItem>) {
  return toOrderLine({
    customer_code: 10001,
    status: LEDGER_STATUS.shipped,
    sale_order_no: 'SO2604-0001',
    sale_order_line_no: 1,
    delivery_no: 'DN2604-0001',
    delivery_line_no: 1,
    sale_order_date: '2026-04-01',
    shipped_date: '2026-04-10',
    expected_delivery_date: '2026-04-12',
    delivery_request: null,
    property_name: '物件 新築工事',
    item_name: 'SR-200-BK',
    model_name: 'SR-200 ブラック',
    quantity: 10,
    unit_price: 100,
    amount: 1000,
    destination_name1: '株式会社東和ルーフ 本社',
    destination_name2: '',
    destination_address: '東京都江東区新木場1-2-3',
    contact_person: '佐藤 一郎',
    transportation: 'ヤマト運輸',
    shipping_label_number: '1234-5678-9012',
    invoice_file_name: '',
    shipped_file_name: '',
    delivery_file_name: '',
    ...overrides,
  });
}

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
