import { LEDGER_STATUS } from '@domain/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { OrdersPage } from './orders-page';
import {
  answerCappedSearch,
  answerSearch,
  bodyRows,
  fakeLedger,
  installOrdersServer,
  lastSearch,
  ledgerItem,
  openFilters,
  renderOrders,
  type SearchBody,
  searches,
  table,
  USER,
  wholeText,
} from './orders-page.fixtures';

// The orders page's searches from the address and the history, its failures, and the page on a
// phone; the rest in orders-page.test.tsx.

beforeEach(() => {
  installOrdersServer();
});

describe('the orders page', () => {
  it('searches what its address says, and each page and search is a step of the browser history', {
    timeout: 30_000,
  }, async () => {
    fakeLedger.lines = Array.from({ length: 250 }, () =>
      ledgerItem({ status: LEDGER_STATUS.shipped }),
    );
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
    fakeLedger.lines = [ledgerItem()];
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
    fakeLedger.lines = [
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
    fakeLedger.lines = Array.from({ length: 3 }, () =>
      ledgerItem({ status: LEDGER_STATUS.backlog }),
    );
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
    fakeLedger.lines = [
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
    fakeLedger.lines = Array.from({ length: 150 }, () =>
      ledgerItem({ status: LEDGER_STATUS.backlog }),
    );
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
    // The ten seconds are the page's own timer, moved on by the fake clock rather than waited for.
    vi.useFakeTimers({ shouldAdvanceTime: true });
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

    act(() => vi.advanceTimersByTime(9_000 - (Date.now() - failedAt)));
    expect((search as HTMLButtonElement).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1_000));
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
    fakeLedger.lines = [ledgerItem({ status: LEDGER_STATUS.backlog, shipped_date: null })];
    // The wait before 再試行 is the page's own timer, moved on by the fake clock.
    vi.useFakeTimers({ shouldAdvanceTime: true });
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
    act(() => vi.advanceTimersByTime(10_000));
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
    fakeLedger.lines = Array.from({ length: 250 }, () =>
      ledgerItem({ status: LEDGER_STATUS.backlog }),
    );
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

    fakeLedger.lines = Array.from({ length: 1200 }, () =>
      ledgerItem({ status: LEDGER_STATUS.backlog }),
    );
    fakeServer.on('POST /api/v1/spec/search-result-ledgerItem', answerCappedSearch);
    const form = await openFilters(user);
    await user.click(within(form).getByRole('button', { name: '検索' }));
    await screen.findByText('全検索結果 200 件以上');
    expect(screen.getByRole('textbox', { name: 'ページ番号' })).toBeTruthy();
    expect(screen.getByText('/ 10 以上')).toBeTruthy();
  });

  it('names a sort the select does not offer (a desktop column from a link) as it is', async () => {
    fakeLedger.lines = [ledgerItem()];
    renderWithProviders(<OrdersPage />, { session: USER, path: '/orders?sort=quantity.desc' });
    await screen.findByText(/全検索結果 \d+ 件/);
    expect(lastSearch().sort).toEqual({ field: 'quantity', direction: 'desc' });
    const sort = screen.getByRole('combobox', { name: '並び替え' }) as HTMLSelectElement;
    expect(sort.selectedOptions[0]?.textContent).toBe('数量（降順）');
    expect([...sort.options].filter((o) => !o.disabled)).toHaveLength(9);
  });

  it('a card shows the item number, the quantity and the expected delivery date; a backlog card names no shipped date', async () => {
    fakeLedger.lines = [
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
    fakeLedger.lines = [ledgerItem({ status: LEDGER_STATUS.backlog, shipped_date: null })];
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
