import type { LedgerItem } from '@domain/api/ledger';
import { LEDGER_STATUS } from '@domain/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { OrdersPage } from './orders-page';

const USER = { userInfo: { id: 7, userTypeId: 2, customerCode: 10001, mail: 'user@example.com' } };
const STAFF = {
  userInfo: { id: 1, userTypeId: 3, customerCode: 99999, mail: 'staff@example.com' },
};

let serial = 0;
/** An order line of customer 10001 with every field filled; overrides win. */
function ledgerItem(overrides: Partial<LedgerItem> = {}): LedgerItem {
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
    item_name: `SR-200-BK`,
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

interface SearchBody {
  customer_code: number;
  status: 'all' | 'shipped' | 'backlog';
  page: number;
  page_size: number;
  text_field: string[];
  item_no_start: string | null;
  item_no_end: string | null;
  search_type_flag: number;
  from_date: string | null;
  to_date: string | null;
  date_field: string;
  order_no: string | null;
  sort: { field: string; direction: string };
}

/** The server's ledger; the fake search filters by status only and pages like the real one. */
let ledger: LedgerItem[];
const searches = () =>
  fakeServer.calls('POST /api/v1/spec/search-result-ledgerItem').map((r) => r.body as SearchBody);
const lastSearch = () => searches().at(-1)!;

function answerSearch({ body }: FakeRequest) {
  const b = body as SearchBody;
  const rows = ledger.filter(
    (line) => b.status === 'all' || line.status === LEDGER_STATUS[b.status],
  );
  const start = (b.page - 1) * b.page_size;
  return json(200, {
    items: rows.slice(start, start + b.page_size),
    total: rows.length,
    page: b.page,
    page_size: b.page_size,
  });
}

/** As a search on text answers: counted at most ten pages past the asked page's start. */
function answerCappedSearch({ body }: FakeRequest) {
  const b = body as SearchBody;
  const start = (b.page - 1) * b.page_size;
  const cap = start + 10 * b.page_size;
  return json(200, {
    items: ledger.slice(start, start + b.page_size),
    total: Math.min(ledger.length, cap),
    ...(ledger.length > cap ? { total_capped: true } : {}),
    page: b.page,
    page_size: b.page_size,
  });
}

beforeEach(() => {
  serial = 0;
  ledger = [];
  fakeServer
    .on('POST /api/v1/spec/search-result-ledgerItem', answerSearch)
    .on('GET /api/v1/spec/get-all-customer-code-list', () =>
      json(200, [
        { customer_code: 10001, customer_name: '株式会社東和ルーフ 本社' },
        { customer_code: 10002, customer_name: '株式会社東和ルーフ 関西営業所' },
      ]),
    )
    .on('GET /api/v1/spec/specified-ledger-file-path', ({ query }) => {
      const line = ledger.find((l) => l.sale_order_no === query.get('sale_order_no'));
      const link = (name: string) => ({
        file_name: name,
        url: name ? `http://localhost/api/storage/download?k=${name}` : null,
        missing: false,
      });
      return json(200, {
        bucket_name: 'portal-10001',
        folder_name: 'Spec',
        invoice: link(line?.invoice_file_name ?? ''),
        shipped: link(line?.shipped_file_name ?? ''),
        delivery: link(line?.delivery_file_name ?? ''),
      });
    })
    .on('GET /api/v1/spec/get-customer-bucket-name', ({ query }) =>
      json(200, { customer_bucket_name: `portal-${query.get('customer_code')}` }),
    )
    // The detail's register entries (line-register.test.tsx): none registered here.
    .on('GET /api/v1/documents', () =>
      json(200, { items: [], total: 0, page: 1, per_page: 100, receipts_visible: false }),
    );
});

afterEach(() => {
  window.innerWidth = 1024;
});

type User = ReturnType<typeof renderWithProviders>['user'];

async function renderOrders(session = USER) {
  const rendered = renderWithProviders(<OrdersPage />, { session, path: '/orders' });
  return rendered;
}

const table = () => screen.getByRole('table', { name: '注文明細' });
/**
 * The element that shows `text` whole: a name is cut into phrases (components/text/phrased-text),
 * its model code in an element of its own, so its text is spread over several nodes.
 */
const wholeText = (text: string) => (_: string, element: Element | null) =>
  element?.textContent === text &&
  ![...element.children].some((child) => child.textContent === text);
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

async function openFilters(user: User) {
  await user.click(screen.getByRole('button', { name: '絞り込み' }));
  return screen.findByRole('form', { name: '絞り込み条件' });
}

describe('the orders page', () => {
  it('searches the own customer with the default filter: backlog, six months back, OR', async () => {
    ledger = [ledgerItem({ status: LEDGER_STATUS.backlog, shipped_date: null })];
    await renderOrders();
    await screen.findByText('全検索結果 1 件');
    const body = lastSearch();
    expect(body).toMatchObject({
      customer_code: 10001,
      status: 'backlog',
      search_type_flag: 1,
      page: 1,
      page_size: 100,
      text_field: [],
    });
    expect(body.from_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const monthsBack =
      (new Date().getFullYear() - Number(body.from_date!.slice(0, 4))) * 12 +
      (new Date().getMonth() + 1 - Number(body.from_date!.slice(5, 7)));
    expect(monthsBack).toBe(6);
    expect(screen.getByText('行をクリックすると詳細を表示します。')).toBeTruthy();
  });

  it('adds keyword chips on Enter and on leaving the field, trimmed, at most five, removable', async () => {
    ledger = [ledgerItem({ status: LEDGER_STATUS.backlog })];
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 1 件');
    const form = await openFilters(user);
    const field = within(form).getByRole('textbox', { name: 'キーワードを入力' });

    const enter = async (text: string) => {
      await user.click(field);
      await user.paste(text);
      await user.keyboard('{Enter}');
    };
    await enter('  屋根  ');
    await enter('   ');
    await enter('屋根');
    await user.click(field);
    await user.paste(' 太陽光');
    await user.click(within(form).getByRole('textbox', { name: '物件名' }));
    const chips = () =>
      within(form)
        .getAllByRole('button', { name: /^キーワード「.+」を削除$/ })
        .map((b) => b.getAttribute('aria-label'));
    expect(chips()).toEqual(['キーワード「屋根」を削除', 'キーワード「太陽光」を削除']);

    for (const word of ['架台', '金具', '雪止め']) await enter(word);
    expect(chips()).toHaveLength(5);
    expect((field as HTMLInputElement).disabled).toBe(true);

    await user.click(within(form).getByRole('button', { name: 'キーワード「金具」を削除' }));
    expect(chips()).toHaveLength(4);
    expect((field as HTMLInputElement).disabled).toBe(false);

    await user.click(within(form).getByRole('radio', { name: 'AND（すべてを含む）' }));
    await user.click(within(form).getByRole('button', { name: '検索' }));
    await waitFor(() =>
      expect(lastSearch().text_field).toEqual(['屋根', '太陽光', '架台', '雪止め']),
    );
    expect(lastSearch().search_type_flag).toBe(2);
  });

  it('upper-cases the item-number range as it is typed', async () => {
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 0 件');
    const form = await openFilters(user);
    const start = within(form).getByRole('textbox', { name: '品番（開始）' }) as HTMLInputElement;
    const end = within(form).getByRole('textbox', { name: '品番（終了）' }) as HTMLInputElement;
    await user.type(start, 'sr-200');
    await user.type(end, 'sr-300-bk');
    expect(start.value).toBe('SR-200');
    expect(end.value).toBe('SR-300-BK');
    await user.click(within(form).getByRole('button', { name: '検索' }));
    await waitFor(() =>
      expect(lastSearch()).toMatchObject({ item_no_start: 'SR-200', item_no_end: 'SR-300-BK' }),
    );
  });

  it('searches a range typed the wrong way round in order, and shows it so', async () => {
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 0 件');
    let form = await openFilters(user);
    await user.type(within(form).getByRole('textbox', { name: '品番（開始）' }), 'sr');
    await user.type(within(form).getByRole('textbox', { name: '品番（終了）' }), 'bt');
    await user.click(within(form).getByRole('button', { name: '検索' }));
    await waitFor(() =>
      expect(lastSearch()).toMatchObject({ item_no_start: 'BT', item_no_end: 'SR' }),
    );
    expect(within(screen.getByLabelText('検索条件')).getByText('品番 BT〜SR')).toBeTruthy();
    form = await openFilters(user);
    expect(within(form).getByRole('textbox', { name: '品番（開始）' })).toHaveProperty(
      'value',
      'BT',
    );
  });

  it('takes only page numbers from 1 to the page count', { timeout: 40_000 }, async () => {
    ledger = Array.from({ length: 250 }, () => ledgerItem({ status: LEDGER_STATUS.backlog }));
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 250 件');
    expect(screen.getByText('/ 3')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'ページ番号' }) as HTMLInputElement;
    const previous = screen.getByRole('button', { name: '前のページ' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);

    for (const wrong of ['0', '4']) {
      await user.clear(input);
      await user.type(input, `${wrong}{Enter}`);
      expect(input.value).toBe('1');
    }
    await user.clear(input);
    await user.type(input, '-2.5{Enter}');
    expect(input.value).toBe('1');
    // A number that is not whole is refused, not read as its digits ("0.3" is not page 3).
    await user.clear(input);
    await user.type(input, '0.3{Enter}');
    expect(input.value).toBe('1');
    expect(searches().some((b) => b.page < 1 || b.page > 3)).toBe(false);

    await user.clear(input);
    await user.type(input, '3{Enter}');
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(lastSearch().page).toBe(3);
    expect((screen.getByRole('button', { name: '次のページ' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(previous);
    await waitFor(() => expect(input.value).toBe('2'));
  });

  it('says "以上" while the server has counted only ten pages ahead', {
    timeout: 40_000,
  }, async () => {
    ledger = Array.from({ length: 1200 }, () => ledgerItem({ status: LEDGER_STATUS.backlog }));
    fakeServer.on('POST /api/v1/spec/search-result-ledgerItem', answerCappedSearch);
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 1,000 件以上');
    expect(screen.getByText('/ 10 以上')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'ページ番号' }) as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '10{Enter}');
    await screen.findByText('全検索結果 1,200 件');
    expect(screen.getByText('/ 12')).toBeTruthy();
    const next = screen.getByRole('button', { name: '次のページ' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    await user.click(next);
    await waitFor(() => expect(input.value).toBe('11'));
    expect(bodyRows()).toHaveLength(100);
  });

  it('enables a bulk button only when a selected line has that document', async () => {
    ledger = [
      ledgerItem({
        status: LEDGER_STATUS.backlog,
        invoice_file_name: '',
        shipped_file_name: '',
        delivery_file_name: '',
      }),
      ledgerItem({ status: LEDGER_STATUS.backlog, shipped_file_name: '', delivery_file_name: '' }),
    ];
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 2 件');
    const bulk = screen.getByRole('group', { name: '一括ダウンロード' });
    const button = (name: string) =>
      within(bulk).getByRole('button', { name }) as HTMLButtonElement;
    const disabled = () => ['請求書', '出荷案内', '納品書'].map((n) => button(n).disabled);
    expect(disabled()).toEqual([true, true, true]);

    const [first, second] = bodyRows();
    await user.click(within(first!).getByRole('checkbox'));
    expect(disabled()).toEqual([true, true, true]);
    await user.click(within(second!).getByRole('checkbox'));
    expect(disabled()).toEqual([false, true, true]);
    await user.click(screen.getByRole('checkbox', { name: 'すべて解除' }));
    expect(disabled()).toEqual([true, true, true]);
  });

  // Renders a full page of 100 lines several times: slow in jsdom, hence the longer time-out.
  it('asks yes or no before downloading 100 or more lines, then reports the counts', {
    timeout: 40_000,
  }, async () => {
    const navigations: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      navigations.push(this.href);
    });
    fakeServer.on('POST /api/v1/shared-file/get-shared-files', ({ body }) => {
      const { file_names } = body as { file_names: string[] };
      return json(200, {
        url: 'http://localhost/api/storage/bulk/abc',
        caution_flag: false,
        file_count: file_names.length,
        missing_count: 0,
        missing_files: [],
        file_name: 'SR-200_請求書_20260401.zip',
      });
    });
    ledger = Array.from({ length: 130 }, () => ledgerItem({ status: LEDGER_STATUS.backlog }));
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 130 件');
    await user.click(screen.getByRole('checkbox', { name: 'すべて選択' }));
    expect(screen.getByText(/選択中/).textContent).toContain('100');

    const invoice = within(screen.getByRole('group', { name: '一括ダウンロード' })).getByRole(
      'button',
      { name: '請求書' },
    );
    await user.click(invoice);
    const confirm = await screen.findByRole('dialog', { name: '一括ダウンロードの確認' });
    await user.click(within(confirm).getByRole('button', { name: 'いいえ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakeServer.calls('POST /api/v1/shared-file/get-shared-files')).toHaveLength(0);

    // The selection of page 1 survives paging; one more line on page 2.
    await user.click(screen.getByRole('button', { name: '次のページ' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(30));
    await user.click(within(bodyRows()[0]!).getByRole('checkbox'));
    expect(screen.getByText(/選択中/).textContent).toContain('101');

    await user.click(invoice);
    await user.click(
      within(await screen.findByRole('dialog', { name: '一括ダウンロードの確認' })).getByRole(
        'button',
        { name: 'はい' },
      ),
    );
    const result = await screen.findByRole('dialog', { name: 'ダウンロード結果' });
    expect(within(result).getByText('ダウンロードしたファイル: 101件')).toBeTruthy();
    const request = fakeServer.calls('POST /api/v1/shared-file/get-shared-files')[0]!;
    expect(request.body).toMatchObject({
      bucket_name: 'portal-10001',
      download_name: 'SR-200_請求書',
      folder_name: 'Spec',
      user_id: 7,
    });
    expect((request.body as { file_names: string[] }).file_names).toHaveLength(101);
    expect(navigations).toEqual(['http://localhost/api/storage/bulk/abc']);
  });

  it('offers to check every line of the search once the whole page is checked', {
    timeout: 40_000,
  }, async () => {
    ledger = Array.from({ length: 1250 }, () => ledgerItem({ status: LEDGER_STATUS.backlog }));
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 1,250 件');
    const status = () => screen.queryByRole('status', { name: '検索結果の選択' });
    expect(status()).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'すべて選択' }));
    expect(status()!.textContent).toContain('このページの 100 件を選択しています。');

    const before = searches().length;
    await user.click(
      within(status()!).getByRole('button', { name: '検索結果の 1,250 件をすべて選択' }),
    );
    await waitFor(() =>
      expect(status()!.textContent).toBe('検索結果の 1,250 件をすべて選択しています。'),
    );
    expect(screen.getByText(/選択中/).textContent).toContain('1,250');
    // Read in pages of 1,000 with the search's own conditions.
    expect(
      searches()
        .slice(before)
        .map((b) => [b.page, b.page_size, b.status]),
    ).toEqual([
      [1, 1000, 'backlog'],
      [2, 1000, 'backlog'],
    ]);

    // One line unticked: not every line any more, and the offer is gone with the full page.
    await user.click(within(bodyRows()[0]!).getByRole('checkbox'));
    expect(screen.getByText(/選択中/).textContent).toContain('1,249');
    expect(status()).toBeNull();
  });

  it('offers no "select every line" beyond what one zip takes', {
    timeout: 40_000,
  }, async () => {
    ledger = Array.from({ length: 5001 }, () => ledgerItem({ status: LEDGER_STATUS.backlog }));
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 5,001 件');
    await user.click(screen.getByRole('checkbox', { name: 'すべて選択' }));
    const status = screen.getByRole('status', { name: '検索結果の選択' });
    expect(status.textContent).toContain('一度に選択できるのは 5,000 件までです。');
    expect(within(status).queryByRole('button')).toBeNull();
  });

  it('finds out by reading when a search on text counted only part of its lines', {
    timeout: 40_000,
  }, async () => {
    ledger = Array.from({ length: 5001 }, () => ledgerItem({ status: LEDGER_STATUS.backlog }));
    fakeServer.on('POST /api/v1/spec/search-result-ledgerItem', answerCappedSearch);
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 1,000 件以上');
    await user.click(screen.getByRole('checkbox', { name: 'すべて選択' }));
    const status = () => screen.getByRole('status', { name: '検索結果の選択' });
    await user.click(within(status()).getByRole('button', { name: '検索結果をすべて選択' }));
    await waitFor(() =>
      expect(status().textContent).toContain('一度に選択できるのは 5,000 件までです。'),
    );
    expect(screen.getByText(/選択中/).textContent).toContain('100');
  });

  it('gives the long names of a row, cut to two lines, their whole text on hover', async () => {
    const property = '世田谷市立東小学校 体育館屋根改修工事 第二期 太陽光発電設備設置工事';
    ledger = [ledgerItem({ status: LEDGER_STATUS.backlog, property_name: property })];
    await renderOrders();
    await screen.findByText('全検索結果 1 件');
    const [row] = bodyRows();
    for (const text of [property, '株式会社東和ルーフ 本社', 'SR-200 ブラック']) {
      expect(
        within(row!).getByText(wholeText(text)).closest('[title]')?.getAttribute('title'),
      ).toBe(text);
    }
  });

  it('the calendar speaks Japanese to a screen reader: named arrows, days as 2026年5月23日', async () => {
    const { user } = await renderOrders();
    await screen.findByText(/全検索結果/);
    const panel = await openFilters(user);
    await user.click(within(panel).getByRole('button', { name: '受注日（開始）' }));
    await screen.findByRole('button', { name: '前の月' });
    expect(screen.getByRole('button', { name: '次の月' })).toBeTruthy();
    const days = () => screen.getAllByRole('button', { name: /^\d{4}年\d{1,2}月\d{1,2}日$/ });
    expect(days().length).toBeGreaterThanOrEqual(27);
    const [year, month] = lastSearch().from_date!.split('-').map(Number);
    expect(days().some((day) => day.getAttribute('aria-label') === `${year}年${month}月1日`)).toBe(
      true,
    );
  });

  it('highlights backlog lines only when the status filter is all', async () => {
    ledger = [
      ledgerItem({ status: LEDGER_STATUS.backlog, shipped_date: null }),
      ledgerItem({ status: LEDGER_STATUS.shipped }),
    ];
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 1 件');
    expect(bodyRows().filter((r) => r.hasAttribute('data-backlog'))).toHaveLength(0);

    const form = await openFilters(user);
    await user.click(within(form).getByRole('radio', { name: 'すべて' }));
    await user.click(within(form).getByRole('button', { name: '検索' }));
    await screen.findByText('全検索結果 2 件');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const highlighted = bodyRows().filter((r) => r.hasAttribute('data-backlog'));
    expect(highlighted).toHaveLength(1);
    expect(within(highlighted[0]!).getByText('受注残')).toBeTruthy();
  });

  it('shows an expected delivery date of 1900 as 2025 in the detail, with every field', async () => {
    ledger = [
      ledgerItem({
        status: LEDGER_STATUS.backlog,
        expected_delivery_date: '1900-03-15',
        delivery_request: '午前着指定',
        invoice_file_name: '',
      }),
    ];
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 1 件');
    await user.click(within(bodyRows()[0]!).getByText('物件0001 新築工事'));
    const detail = await screen.findByRole('dialog', { name: '注文明細の詳細' });
    expect(within(detail).getByText('2025/03/15（午前着指定）')).toBeTruthy();
    expect(within(detail).queryByText(/1900/)).toBeNull();
    expect(within(detail).getByText('1,200個')).toBeTruthy();
    expect(within(detail).getByText('3,450円')).toBeTruthy();
    expect(within(detail).getByText('4,140,000円')).toBeTruthy();
    expect(within(detail).getByText('2026/04/10')).toBeTruthy();
    // Prices are before tax, and say so.
    expect(within(detail).getByText('単価（税抜）')).toBeTruthy();
    expect(within(detail).getByText('金額（税抜）')).toBeTruthy();
    const button = (name: string) =>
      within(detail).getByRole('button', { name }) as HTMLButtonElement;
    expect(button('請求書').getAttribute('aria-disabled')).toBe('true');
    expect(button('出荷案内').disabled).toBe(false);
    expect(button('出荷案内').getAttribute('aria-disabled')).toBeNull();
  });

  it('a greyed-out document button says why on focus, and a click on it downloads nothing', async () => {
    ledger = [ledgerItem({ delivery_file_name: '' })];
    const { user } = renderWithProviders(<OrdersPage />, {
      session: USER,
      path: '/orders?status=all',
    });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await user.click(within(bodyRows()[0]!).getByText('物件0001 新築工事'));
    const detail = await screen.findByRole('dialog', { name: '注文明細の詳細' });
    const delivery = within(detail).getByRole('button', { name: '納品書' });
    expect(delivery.getAttribute('aria-disabled')).toBe('true');
    expect(delivery.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(delivery.getAttribute('aria-describedby')!)?.textContent).toBe(
      '納品書はまだ発行されていません',
    );
    act(() => delivery.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('納品書はまだ発行されていません');
    act(() => delivery.blur());
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    // A tap (a click without hover on a phone) shows the reason too, and downloads nothing.
    const before = fakeServer.requests.length;
    await user.click(delivery);
    expect((await screen.findByRole('tooltip')).textContent).toBe('納品書はまだ発行されていません');
    expect(fakeServer.requests.length).toBe(before);
  });

  it('shows staff a prompt and no lines until they choose a customer', async () => {
    ledger = [ledgerItem({ status: LEDGER_STATUS.backlog })];
    const { user, router } = await renderOrders(STAFF);
    expect(await screen.findByText('表示する取引先コードを選択してください。')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(searches()).toHaveLength(0);

    // Typed in Japanese input mode (full-width digits), the code still finds its customer.
    await user.type(await screen.findByRole('combobox', { name: '取引先コード' }), '１０００１');
    await user.click(await screen.findByRole('option', { name: '10001: 株式会社東和ルーフ 本社' }));
    await screen.findByText('全検索結果 1 件');
    expect(screen.queryByText('表示する取引先コードを選択してください。')).toBeNull();
    expect(lastSearch()).toMatchObject({ customer_code: 10001, login_user_id: 1 });
    // The chosen customer is part of the address: a reload shows the same customer's lines.
    expect(new URLSearchParams(router.state.location.search).get('customer')).toBe('10001');
  });

  it('tells staff that a customer code of the address is not registered, instead of no lines', async () => {
    renderWithProviders(<OrdersPage />, { session: STAFF, path: '/orders?customer=12345' });
    expect(
      await screen.findByText(
        '取引先コード 12345 は登録されていません。表示する取引先コードを選択してください。',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/全検索結果/)).toBeNull();
  });

  it('searches what its address says, and each page and search is a step of the browser history', {
    timeout: 30_000,
  }, async () => {
    ledger = Array.from({ length: 250 }, () => ledgerItem({ status: LEDGER_STATUS.shipped }));
    const { router, user } = renderWithProviders(<OrdersPage />, {
      session: USER,
      path: '/orders?status=shipped&from=&kw=瓦&kw=金具&match=and&sort=shipped_date.desc&page=2',
    });
    await screen.findByText('全検索結果 250 件');
    const first = searches()[0]!;
    expect(first).toMatchObject({
      status: 'shipped',
      text_field: ['瓦', '金具'],
      search_type_flag: 2,
      sort: { field: 'shipped_date', direction: 'desc' },
      page: 2,
    });
    expect(first.from_date ?? '').toBe('');
    const conditions = screen.getByLabelText('検索条件');
    expect(within(conditions).getByText('出荷済')).toBeTruthy();
    expect(within(conditions).getByText('キーワード 瓦 かつ 金具')).toBeTruthy();
    const pageInput = () =>
      (screen.getByRole('textbox', { name: 'ページ番号' }) as HTMLInputElement).value;
    expect(pageInput()).toBe('2');

    await user.click(screen.getByRole('button', { name: '次のページ' }));
    await waitFor(() => expect(pageInput()).toBe('3'));
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    const address = new URLSearchParams(router.state.location.search);
    expect(address.get('page')).toBe('3');
    expect(address.getAll('kw')).toEqual(['瓦', '金具']);

    // A new search from the panel, then the browser's back button: the earlier search again.
    const form = await openFilters(user);
    await user.click(within(form).getByRole('radio', { name: 'すべて' }));
    await user.click(within(form).getByRole('button', { name: '検索' }));
    await waitFor(() =>
      expect(searches().some((b) => b.status === 'all' && b.page === 1)).toBe(true),
    );
    await waitFor(() => expect(pageInput()).toBe('1'));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('all');

    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(within(screen.getByLabelText('検索条件')).getByText('出荷済')).toBeTruthy(),
    );
    expect(pageInput()).toBe('3');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('shipped');
  });

  it('searches by a 受注番号 and by a range of 納品予定日, and keeps both in the address', {
    timeout: 30_000,
  }, async () => {
    ledger = [ledgerItem()];
    const { router, user } = renderWithProviders(<OrdersPage />, {
      session: USER,
      path: '/orders',
    });
    await screen.findByText('全検索結果 0 件');
    expect(lastSearch()).toMatchObject({ date_field: 'sale_order_date', order_no: null });

    const form = await openFilters(user);
    await user.type(
      within(form).getByRole('textbox', { name: '受注番号・納品番号・送り状番号' }),
      'SO2611-000754',
    );
    await user.click(within(form).getByRole('radio', { name: '納品予定日' }));
    // The pickers are named after the chosen date.
    expect(
      within(form).getByRole('button', { name: /^納品予定日（開始）(?!をクリア)/ }),
    ).toBeTruthy();
    await user.click(within(form).getByRole('radio', { name: 'すべて' }));
    await user.click(within(form).getByRole('button', { name: '検索' }));

    await waitFor(() =>
      expect(lastSearch()).toMatchObject({
        order_no: 'SO2611-000754',
        date_field: 'expected_delivery_date',
        status: 'all',
      }),
    );
    const address = new URLSearchParams(router.state.location.search);
    expect(address.get('no')).toBe('SO2611-000754');
    expect(address.get('date')).toBe('expected_delivery_date');
    const conditions = screen.getByLabelText('検索条件');
    expect(within(conditions).getByText('番号 SO2611-000754')).toBeTruthy();
    expect(within(conditions).getByText(/^納品予定日 \d{4}\/\d{2}\/\d{2}〜$/)).toBeTruthy();
  });

  it('asks the server once per search: the new conditions, not the ones shown before', {
    timeout: 30_000,
  }, async () => {
    ledger = [
      ...Array.from({ length: 150 }, () => ledgerItem({ status: LEDGER_STATUS.backlog })),
      ...Array.from({ length: 20 }, () => ledgerItem({ status: LEDGER_STATUS.shipped })),
    ];
    /** Status and page of the searches from the n-th on, read 300 ms after the last wait. */
    const settledSearchesFrom = async (n: number) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return searches()
        .slice(n)
        .map((b) => [b.status, b.page]);
    };
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 150 件');
    // The next page is read ahead while the first is shown.
    await waitFor(() => expect(searches().map((b) => b.page)).toEqual([1, 2]));

    const form = await openFilters(user);
    await user.click(within(form).getByRole('radio', { name: '出荷済' }));
    await user.click(within(form).getByRole('button', { name: '検索' }));
    await screen.findByText('全検索結果 20 件');
    expect(await settledSearchesFrom(2)).toEqual([['shipped', 1]]);

    // The same conditions again load again, once.
    await user.click(within(await openFilters(user)).getByRole('button', { name: '検索' }));
    await waitFor(() => expect(searches()).toHaveLength(4));
    expect(await settledSearchesFrom(3)).toEqual([['shipped', 1]]);
  });

  it('sorts by a column ascending, descending, then back to the newest order first', async () => {
    ledger = Array.from({ length: 3 }, () => ledgerItem({ status: LEDGER_STATUS.backlog }));
    const { user } = renderWithProviders(<OrdersPage />, { session: USER });
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const header = () => screen.getByRole('columnheader', { name: /数量/ });
    const sorted = async (sort: SearchBody['sort'], ariaSort: string | null) => {
      await waitFor(() => expect(lastSearch().sort).toEqual(sort));
      expect(header().getAttribute('aria-sort')).toBe(ariaSort);
    };
    await sorted({ field: 'sale_order_date', direction: 'desc' }, null);
    await user.click(within(header()).getByRole('button'));
    await sorted({ field: 'quantity', direction: 'asc' }, 'ascending');
    await user.click(within(header()).getByRole('button'));
    await sorted({ field: 'quantity', direction: 'desc' }, 'descending');
    await user.click(within(header()).getByRole('button'));
    await sorted({ field: 'sale_order_date', direction: 'desc' }, null);
  });

  it("shows each row's 受注番号, 受注日 and 納品予定日, each a column header that sorts", async () => {
    ledger = [
      ledgerItem({
        sale_order_no: 'SO2611-000754',
        sale_order_date: '2026-11-02',
        expected_delivery_date: '1900-12-05',
      }),
    ];
    const { user } = renderWithProviders(<OrdersPage />, {
      session: USER,
      path: '/orders?status=all',
    });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const row = bodyRows()[0]!;
    expect(within(row).getByText('SO2611-000754')).toBeTruthy();
    expect(within(row).getByText('2026/11/02')).toBeTruthy();
    // The core system's 1900 placeholder reads as 2025, as in the detail.
    expect(within(row).getByText('2025/12/05')).toBeTruthy();
    for (const [label, field] of [
      ['受注番号', 'sale_order_no'],
      ['受注日', 'sale_order_date'],
      ['納品予定日', 'expected_delivery_date'],
    ] as const) {
      await user.click(within(table()).getByRole('button', { name: label }));
      await waitFor(() => expect(lastSearch().sort).toEqual({ field, direction: 'asc' }));
      const header = within(table()).getByRole('button', { name: label }).closest('th')!;
      expect(header.getAttribute('aria-sort')).toBe('ascending');
    }
  });

  it('shows the last page when the address asks for a page past the end', async () => {
    ledger = Array.from({ length: 150 }, () => ledgerItem({ status: LEDGER_STATUS.backlog }));
    const { router } = renderWithProviders(<OrdersPage />, {
      session: USER,
      path: '/orders?status=backlog&page=9',
    });
    await waitFor(() => expect(lastSearch().page).toBe(2));
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
  });

  it('advises a shorter period when the server said the result was too large, then waits 10 s before the next search', {
    timeout: 40_000,
  }, async () => {
    fakeServer.on('POST /api/v1/spec/search-result-ledgerItem', () =>
      json(400, {
        statusCode: 400,
        code: 'TOO_MANY_RESULTS',
        message: '検索結果の件数が多すぎるため、データを取得できませんでした。',
      }),
    );
    const { user } = await renderOrders();
    const advice =
      'データの取得に失敗しました。データ件数が多いため、検索期間を短くして再度お試しください。';
    const toasts = () => screen.queryAllByRole('alert').filter((t) => t.textContent === advice);
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect((await screen.findByLabelText('検索の失敗')).textContent).toContain(advice);
    const failedAt = Date.now();
    await user.click(screen.getByRole('button', { name: '絞り込み' }));
    const form = await screen.findByRole('form', { name: '絞り込み条件' });
    const search = within(form).getByRole('button', { name: '検索' });
    expect((search as HTMLButtonElement).disabled).toBe(true);
    expect(within(form).getByText('検索に失敗したため、10秒後に再度検索できます。')).toBeTruthy();
    // The panel says why; the toast, which would cover its buttons, is gone.
    await waitFor(() => expect(toasts()).toHaveLength(0), { timeout: 1_000 });
    const calls = fakeServer.calls('POST /api/v1/spec/search-result-ledgerItem').length;

    await waitFor(() => expect((search as HTMLButtonElement).disabled).toBe(false), {
      timeout: 15_000,
    });
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(9_000);
    expect(within(form).queryByText('検索に失敗したため、10秒後に再度検索できます。')).toBeNull();
    await user.click(search);
    await waitFor(() =>
      expect(fakeServer.calls('POST /api/v1/spec/search-result-ledgerItem').length).toBe(calls + 1),
    );
  });
});

describe('a search that fails', () => {
  it('says the server failed, never 「— 件」 nor the advice about too much data, and offers 再試行 after the wait', {
    timeout: 40_000,
  }, async () => {
    let fail = true;
    fakeServer.on('POST /api/v1/spec/search-result-ledgerItem', (request) =>
      fail
        ? json(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' })
        : answerSearch(request),
    );
    ledger = [ledgerItem({ status: LEDGER_STATUS.backlog, shipped_date: null })];
    const { user } = await renderOrders();
    const alert = await screen.findByLabelText('検索の失敗');
    expect(alert.textContent).toContain(
      'サーバーでエラーが発生したため、データを取得できませんでした。時間をおいて再試行してください。',
    );
    expect(alert.textContent).not.toContain('データ件数が多いため');
    expect(screen.getByText('件数を取得できませんでした')).toBeTruthy();
    expect(screen.queryByText(/— 件/)).toBeNull();
    const retry = within(alert).getByRole('button', { name: '再試行' }) as HTMLButtonElement;
    expect(retry.disabled).toBe(true);
    await waitFor(() => expect(retry.disabled).toBe(false), { timeout: 15_000 });
    fail = false;
    await user.click(retry);
    await screen.findByText('全検索結果 1 件');
    expect(screen.queryByLabelText('検索の失敗')).toBeNull();
  });

  it('says the server could not be reached when no answer came', async () => {
    fakeServer.on('POST /api/v1/spec/search-result-ledgerItem', () => {
      throw new TypeError('Failed to fetch');
    });
    await renderOrders();
    const alert = await screen.findByLabelText('検索の失敗');
    expect(alert.textContent).toContain(
      'サーバーに接続できなかったため、データを取得できませんでした。通信環境をご確認のうえ、再試行してください。',
    );
    expect(within(alert).getByRole('button', { name: '再試行' })).toBeTruthy();
  });
});

describe('the orders page on a phone', () => {
  beforeEach(() => {
    window.innerWidth = 390;
  });

  it('pages 20 cards at a time by numbered pages, or by the page input while the count is a lower bound', {
    timeout: 30_000,
  }, async () => {
    ledger = Array.from({ length: 250 }, () => ledgerItem({ status: LEDGER_STATUS.backlog }));
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 250 件');
    // docs/product.md §9: a phone shows at most 20 lines (a desktop 100); the next page is read ahead.
    expect(searches().map((b) => [b.page, b.page_size])).toEqual([
      [1, 20],
      [2, 20],
    ]);
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    const pages = screen.getByRole('navigation', { name: 'ページ送り' });
    expect(
      within(pages).getByRole('button', { name: '1ページ' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.queryByRole('textbox', { name: 'ページ番号' })).toBeNull();
    const current = (name: string) =>
      waitFor(() =>
        expect(within(pages).getByRole('button', { name }).getAttribute('aria-current')).toBe(
          'page',
        ),
      );
    await user.click(within(pages).getByRole('button', { name: '2ページ' }));
    await current('2ページ');
    // 250 lines are 13 pages: the last one holds 10.
    await user.click(within(pages).getByRole('button', { name: '13ページ' }));
    await current('13ページ');
    expect(lastSearch()).toMatchObject({ page: 13, page_size: 20 });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(10));
    expect(within(pages).getByRole('button', { name: '次のページ' })).toHaveProperty(
      'disabled',
      true,
    );

    ledger = Array.from({ length: 1200 }, () => ledgerItem({ status: LEDGER_STATUS.backlog }));
    fakeServer.on('POST /api/v1/spec/search-result-ledgerItem', answerCappedSearch);
    const form = await openFilters(user);
    await user.click(within(form).getByRole('button', { name: '検索' }));
    await screen.findByText('全検索結果 200 件以上');
    expect(screen.getByRole('textbox', { name: 'ページ番号' })).toBeTruthy();
    expect(screen.getByText('/ 10 以上')).toBeTruthy();
  });

  it('names a sort the select does not offer (a desktop column from a link) as it is', async () => {
    ledger = [ledgerItem()];
    renderWithProviders(<OrdersPage />, { session: USER, path: '/orders?sort=quantity.desc' });
    await screen.findByText(/全検索結果 \d+ 件/);
    expect(lastSearch().sort).toEqual({ field: 'quantity', direction: 'desc' });
    const sort = screen.getByRole('combobox', { name: '並び替え' }) as HTMLSelectElement;
    expect(sort.selectedOptions[0]?.textContent).toBe('数量（降順）');
    expect([...sort.options].filter((o) => !o.disabled)).toHaveLength(9);
  });

  it('a card shows the item number, the quantity and the expected delivery date; a backlog card names no shipped date', async () => {
    ledger = [
      ledgerItem({ quantity: 1200, expected_delivery_date: '2026-04-12' }),
      ledgerItem({
        status: LEDGER_STATUS.backlog,
        shipped_date: null,
        quantity: 40,
        item_name: 'KR-1030-SV',
        expected_delivery_date: '2026-12-01',
      }),
    ];
    renderWithProviders(<OrdersPage />, { session: USER, path: '/orders?status=all' });
    await screen.findByText('全検索結果 2 件');
    const [shipped, backlog] = within(screen.getByRole('list', { name: '注文明細' })).getAllByRole(
      'listitem',
    );
    expect(within(shipped!).getByText('出荷日 2026/04/10')).toBeTruthy();
    expect(within(shipped!).getByText('納品予定日 2026/04/12')).toBeTruthy();
    expect(within(shipped!).getByText('SR-200-BK')).toBeTruthy();
    expect(within(shipped!).getByText('1,200個')).toBeTruthy();
    expect(within(backlog!).getByText('納品予定日 2026/12/01')).toBeTruthy();
    expect(within(backlog!).getByText('KR-1030-SV')).toBeTruthy();
    expect(within(backlog!).getByText('40個')).toBeTruthy();
    expect(within(backlog!).queryByText(/出荷日/)).toBeNull();
  });

  it('shows cards, sorts by the eight sorts of the select and goes back to the default order', async () => {
    ledger = [ledgerItem({ status: LEDGER_STATUS.backlog, shipped_date: null })];
    const { user } = await renderOrders();
    await screen.findByText('全検索結果 1 件');
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getByRole('list', { name: '注文明細' });
    expect(within(cards).getByText('物件0001 新築工事')).toBeTruthy();
    expect(within(cards).getByText(wholeText('SR-200 ブラック'))).toBeTruthy();

    const sort = screen.getByRole('combobox', { name: '並び替え' }) as HTMLSelectElement;
    const options = [...sort.options].filter((o) => !o.disabled).map((o) => o.textContent);
    expect(options).toEqual([
      '受注日（降順）',
      '出荷日（昇順）',
      '出荷日（降順）',
      '物件名（昇順）',
      '物件名（降順）',
      '品番（昇順）',
      '品番（降順）',
      '型式（昇順）',
      '型式（降順）',
    ]);
    await user.selectOptions(sort, 'model_name:desc');
    await waitFor(() =>
      expect(lastSearch().sort).toEqual({ field: 'model_name', direction: 'desc' }),
    );
    // Back to the default order, newest order date first.
    await user.selectOptions(sort, '');
    await waitFor(() =>
      expect(lastSearch().sort).toEqual({ field: 'sale_order_date', direction: 'desc' }),
    );
    await user.selectOptions(sort, 'model_name:desc');

    await user.click(within(cards).getByRole('button'));
    const detail = await screen.findByRole('dialog', { name: '注文明細の詳細' });
    expect(
      within(detail).getByText(
        'ダウンロードが始まらない場合は、ブラウザのポップアップブロックを解除してください。',
      ),
    ).toBeTruthy();
  });
});
