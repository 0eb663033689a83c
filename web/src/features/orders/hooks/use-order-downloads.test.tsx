import { LEDGER_STATUS } from '@domain/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { type OrderLine, toOrderLine } from '../api/search-ledger-items';
import { DownloadDialogs } from '../components/download-dialogs';
import { useOrderDownloads } from './use-order-downloads';

const USER = { userInfo: { id: 7, userTypeId: 2, customerCode: 10001, mail: 'user@example.com' } };

/** `count` lines of customer 10001, the first `withInvoice` of them with an invoice. */
function orderLines(count: number, withInvoice = count): OrderLine[] {
  return Array.from({ length: count }, (_, i) =>
    toOrderLine({
      customer_code: 10001,
      status: LEDGER_STATUS.shipped,
      sale_order_no: `SO${i}`,
      sale_order_line_no: 1,
      delivery_no: `DN${i}`,
      delivery_line_no: 1,
      sale_order_date: '2026-04-01',
      shipped_date: '2026-04-10',
      expected_delivery_date: null,
      delivery_request: null,
      property_name: '物件',
      item_name: 'SR-200-BK',
      model_name: 'SR-200',
      quantity: 1,
      unit_price: 100,
      amount: 100,
      destination_name1: '',
      destination_name2: '',
      destination_address: '',
      contact_person: '',
      transportation: '',
      shipping_label_number: '',
      invoice_file_name: i < withInvoice ? `INV_${i}.pdf` : '',
      shipped_file_name: '',
      delivery_file_name: '',
    }),
  );
}

function BulkHarness({ lines }: { lines: OrderLine[] }) {
  const downloads = useOrderDownloads(10001);
  return (
    <>
      <button type="button" onClick={() => downloads.requestBulk('invoice', lines)}>
        請求書を一括ダウンロード
      </button>
      <DownloadDialogs
        dialog={downloads.dialog}
        onClose={downloads.closeDialog}
        onConfirm={downloads.confirmBulk}
      />
    </>
  );
}

describe('the bulk download of the selected lines', () => {
  it('refuses more files than one zip takes before sending anything', async () => {
    const { user } = renderWithProviders(<BulkHarness lines={orderLines(5001)} />, {
      session: USER,
    });
    await user.click(screen.getByRole('button', { name: '請求書を一括ダウンロード' }));
    const dialog = await screen.findByRole('dialog', { name: '一括ダウンロード' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      '請求書: 5,001件のファイルが選択されています。一度にダウンロードできるのは5,000件までです。選択を減らしてから、もう一度お試しください。',
    );
    expect(screen.queryByRole('dialog', { name: '一括ダウンロードの確認' })).toBeNull();
    expect(fakeServer.calls('POST /api/v1/shared-file/get-shared-files')).toHaveLength(0);
  });

  it('reports missing files in one alert and names each, in a dialog whose × is named', async () => {
    const navigations: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      navigations.push(this.href);
    });
    fakeServer
      .on('GET /api/v1/spec/get-customer-bucket-name', () =>
        json(200, { customer_bucket_name: 'portal-10001' }),
      )
      .on('POST /api/v1/shared-file/get-shared-files', () =>
        json(200, {
          url: 'http://localhost/api/storage/bulk/abc',
          caution_flag: true,
          file_count: 2,
          missing_count: 1,
          missing_files: ['INV_SO2604-0002.pdf'],
          file_name: 'SR-200_請求書_20260401.zip',
        }),
      );
    const { user } = renderWithProviders(<BulkHarness lines={orderLines(3)} />, {
      session: USER,
    });
    await user.click(screen.getByRole('button', { name: '請求書を一括ダウンロード' }));
    const caution = await screen.findByRole('dialog', { name: 'ご注意' });
    // One alert, read once (Mantine's Alert is one; the text inside it must not be another).
    expect(within(caution).getAllByRole('alert')).toHaveLength(1);
    const missing = within(caution).getByRole('list', {
      name: '存在しなかったファイル（ZIPファイル内の missing.txt にも記載しています）:',
    });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['INV_SO2604-0002.pdf']);
    expect(within(caution).getByRole('button', { name: 'ダイアログを閉じる' })).toBeTruthy();
    expect(within(caution).getByRole('button', { name: '閉じる' })).toBeTruthy();
    expect(navigations).toEqual(['http://localhost/api/storage/bulk/abc']);
  });

  it('counts files, not lines: 5,000 invoices among 5,001 lines go to the confirmation', async () => {
    const { user } = renderWithProviders(<BulkHarness lines={orderLines(5001, 5000)} />, {
      session: USER,
    });
    await user.click(screen.getByRole('button', { name: '請求書を一括ダウンロード' }));
    const confirm = await screen.findByRole('dialog', { name: '一括ダウンロードの確認' });
    expect(confirm.textContent).toContain('5,001件の明細が選択されています。');
    expect(screen.queryByRole('dialog', { name: '一括ダウンロード' })).toBeNull();
  });
});
