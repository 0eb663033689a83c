import type { LedgerItem } from '@domain/api/ledger';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, file, json } from '../../../testing/fake-server';
import { answerLedgerSearch, ledgerItem } from '../../../testing/ledger';
import { renderWithProviders } from '../../../testing/render';
import { OrdersPage } from './orders-page';

const USER = { userInfo: { id: 7, userTypeId: 2, customerCode: 10001, mail: 'user@example.com' } };
const STAFF = {
  userInfo: { id: 1, userTypeId: 3, customerCode: 99999, mail: 'staff@example.com' },
};
const EXPORT = 'POST /api/v1/spec/export-ledgerItem';
const SEARCH = 'POST /api/v1/spec/search-result-ledgerItem';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TOO_MANY = '出力できるのは100,000件までです。検索条件を絞り込んでください。';

let ledger: LedgerItem[];
/** What the page saved: the <a download> clicked, and the Blob behind its object URL. */
let saved: { download: string; href: string }[];
let blobs: Blob[];

beforeEach(() => {
  ledger = Array.from({ length: 150 }, () => ledgerItem());
  saved = [];
  blobs = [];
  fakeServer
    .on(SEARCH, (request) => answerLedgerSearch(ledger)(request))
    .on('GET /api/v1/spec/get-all-customer-code-list', () =>
      json(200, [
        { customer_code: 10001, customer_name: '株式会社東和ルーフ 本社' },
        { customer_code: 10002, customer_name: '株式会社東和ルーフ 関西営業所' },
      ]),
    );
  // jsdom has no object URLs and does not download: record both instead.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:http://localhost/${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ download: this.download, href: this.href });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const exportButton = () => screen.getByRole('button', { name: /Excel出力/ });
const exportBodies = () => fakeServer.calls(EXPORT).map((r) => r.body as Record<string, unknown>);
/** The search body of the page shown, without its paging. */
function shownSearchWithoutPage(page: number) {
  const body = fakeServer
    .calls(SEARCH)
    .map((r) => r.body as Record<string, unknown>)
    .find((b) => b.page === page)!;
  const { page: _page, page_size: _pageSize, ...rest } = body;
  return rest;
}

async function chooseExport(user: ReturnType<typeof renderWithProviders>['user'], name: string) {
  await waitFor(() => expect((exportButton() as HTMLButtonElement).disabled).toBe(false));
  await user.click(exportButton());
  await user.click(await screen.findByRole('menuitem', { name }));
}

describe('the export of the orders screen', () => {
  it("sends the search's own body with the format and saves the file under the server's name", async () => {
    let answer!: (response: Response) => void;
    fakeServer.on(EXPORT, () => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderWithProviders(<OrdersPage />, {
      session: USER,
      path: '/orders?status=shipped&from=&kw=瓦&match=and&sort=shipped_date.desc&page=2',
    });
    await screen.findByText('全検索結果 150 件');
    await chooseExport(user, 'Excel（.xlsx）');

    // Every line of the search: its filters, sort and customer, not its page.
    await waitFor(() => expect(exportBodies()).toHaveLength(1));
    expect(exportBodies()[0]).toEqual({ ...shownSearchWithoutPage(2), format: 'xlsx' });
    expect(exportBodies()[0]).toMatchObject({
      customer_code: 10001,
      status: 'shipped',
      text_field: ['瓦'],
      search_type_flag: 2,
      sort: { field: 'shipped_date', direction: 'desc' },
    });
    // Busy while the file is prepared: no second export, and the screen stays usable.
    await waitFor(() => expect(exportButton().textContent).toBe('Excel出力中…'));
    expect((exportButton() as HTMLButtonElement).disabled).toBe(true);
    expect(exportButton().getAttribute('aria-busy')).toBe('true');
    await user.click(screen.getByRole('button', { name: '前のページ' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'ページ番号' }) as HTMLInputElement).value).toBe(
        '1',
      ),
    );

    answer(file('PK-xlsx', '注文一覧_10001_20260415.xlsx', XLSX));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      download: '注文一覧_10001_20260415.xlsx',
      href: 'blob:http://localhost/1',
    });
    expect(await blobs[0]!.text()).toBe('PK-xlsx');
    await waitFor(() => expect((exportButton() as HTMLButtonElement).disabled).toBe(false));
    expect(exportButton().textContent).toBe('Excel出力');
    expect(exportBodies()).toHaveLength(1);
  });

  it("exports staff's chosen customer as CSV", async () => {
    fakeServer.on(EXPORT, ({ body }) =>
      file(
        '\uFEFF状態\r\n',
        `注文一覧_${(body as { customer_code: number }).customer_code}_20260415.csv`,
        'text/csv; charset=utf-8',
      ),
    );
    const { user } = renderWithProviders(<OrdersPage />, {
      session: STAFF,
      path: '/orders?customer=10002',
    });
    await screen.findByText('全検索結果 150 件');
    await chooseExport(user, 'CSV');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exportBodies()[0]).toEqual({ ...shownSearchWithoutPage(1), format: 'csv' });
    expect(exportBodies()[0]!.customer_code).toBe(10002);
    expect(saved[0]!.download).toBe('注文一覧_10002_20260415.csv');
  });

  it("shows the server's message when the search is over the export's limit", async () => {
    fakeServer.on(EXPORT, () =>
      json(400, { statusCode: 400, code: 'TOO_MANY_RESULTS', message: TOO_MANY }),
    );
    const { user } = renderWithProviders(<OrdersPage />, { session: USER, path: '/orders' });
    await screen.findByText('全検索結果 150 件');
    await chooseExport(user, 'Excel（.xlsx）');
    const dialog = await screen.findByRole('dialog', { name: 'Excel出力' });
    expect(within(dialog).getByRole('alert').textContent).toBe(TOO_MANY);
    expect(saved).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Excel出力' })).toBeNull());
  });

  it.each([
    ['its own exports', '実行中の出力が2件あります。出力が終わってから、もう一度お試しください。'],
    [
      "the server's",
      'ただいま出力が混み合っています。10秒ほど待ってから、もう一度お試しください。',
    ],
  ])(
    "shows the server's message when the export is refused while %s run (429)",
    async (_, message) => {
      fakeServer.on(EXPORT, () =>
        json(429, { statusCode: 429, code: 'TOO_MANY_REQUESTS', message }),
      );
      const { user } = renderWithProviders(<OrdersPage />, { session: USER, path: '/orders' });
      await screen.findByText('全検索結果 150 件');
      await chooseExport(user, 'CSV');
      const dialog = await screen.findByRole('dialog', { name: 'Excel出力' });
      expect(within(dialog).getByRole('alert').textContent).toBe(message);
      expect(saved).toHaveLength(0);
    },
  );

  it('opens the download-failure dialog with the support contact on any other failure', async () => {
    fakeServer.on(EXPORT, () =>
      json(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' }),
    );
    const { user } = renderWithProviders(<OrdersPage />, { session: USER, path: '/orders' });
    await screen.findByText('全検索結果 150 件');
    await chooseExport(user, 'CSV');
    const dialog = await screen.findByRole('dialog', { name: 'エラー' });
    expect(
      within(dialog).getByText('アクセス時にエラーが発生しました。再度お試しください。'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'support@example.com' })).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('fetches a new token once when the export is refused with 401, then saves the file', async () => {
    let calls = 0;
    fakeServer.on(EXPORT, () => {
      calls += 1;
      return calls === 1
        ? json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'x' })
        : file('PK', '注文一覧_10001_20260415.xlsx', XLSX);
    });
    const { user } = renderWithProviders(<OrdersPage />, { session: USER, path: '/orders' });
    await screen.findByText('全検索結果 150 件');
    await chooseExport(user, 'Excel（.xlsx）');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls).toBe(2);
    const [first, second] = fakeServer.calls(EXPORT);
    expect(second!.headers.get('authorization')).toMatch(/^Bearer /);
    expect(first!.body).toEqual(second!.body);
  });

  it('is in the result header on a phone', async () => {
    window.innerWidth = 390;
    fakeServer.on(EXPORT, () => file('PK', '注文一覧_10001_20260415.xlsx', XLSX));
    const { user } = renderWithProviders(<OrdersPage />, { session: USER, path: '/orders' });
    await screen.findByText('全検索結果 150 件');
    expect(screen.queryByRole('table')).toBeNull();
    await chooseExport(user, 'Excel（.xlsx）');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exportBodies()[0]).toEqual({ ...shownSearchWithoutPage(1), format: 'xlsx' });
  });

  it('cannot export a search without lines', async () => {
    ledger = [];
    renderWithProviders(<OrdersPage />, { session: USER, path: '/orders' });
    await screen.findByText('全検索結果 0 件');
    expect((exportButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
