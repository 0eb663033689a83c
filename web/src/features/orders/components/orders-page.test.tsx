import { LEDGER_STATUS } from '@domain/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { OrdersPage } from './orders-page';
import {
  answerCappedSearch,
  bodyRows,
  fakeLedger,
  installOrdersServer,
  lastSearch,
  ledgerItem,
  openFilters,
  renderOrders,
  STAFF,
  searches,
  USER,
  wholeText,
} from './orders-page.fixtures';

beforeEach(() => {
  installOrdersServer();
});

describe('the orders page', () => {
  it('searches the own customer with the default filter: backlog, six months back, OR', async () => {
    fakeLedger.lines = [ledgerItem({ status: LEDGER_STATUS.backlog, shipped_date: null })];
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
    fakeLedger.lines = [ledgerItem({ status: LEDGER_STATUS.backlog })];
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
    fakeLedger.lines = Array.from({ length: 250 }, () =>
      ledgerItem({ status: LEDGER_STATUS.backlog }),
    );
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
    fakeLedger.lines = Array.from({ length: 1200 }, () =>
      ledgerItem({ status: LEDGER_STATUS.backlog }),
    );
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
    fakeLedger.lines = [
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
    fakeLedger.lines = Array.from({ length: 130 }, () =>
      ledgerItem({ status: LEDGER_STATUS.backlog }),
    );
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
    fakeLedger.lines = Array.from({ length: 1250 }, () =>
      ledgerItem({ status: LEDGER_STATUS.backlog }),
    );
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
    fakeLedger.lines = Array.from({ length: 5001 }, () =>
      ledgerItem({ status: LEDGER_STATUS.backlog }),
    );
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
    fakeLedger.lines = Array.from({ length: 5001 }, () =>
      ledgerItem({ status: LEDGER_STATUS.backlog }),
    );
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
    fakeLedger.lines = [ledgerItem({ status: LEDGER_STATUS.backlog, property_name: property })];
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
    fakeLedger.lines = [
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
    fakeLedger.lines = [
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
    fakeLedger.lines = [ledgerItem({ delivery_file_name: '' })];
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
    fakeLedger.lines = [ledgerItem({ status: LEDGER_STATUS.backlog })];
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
});
