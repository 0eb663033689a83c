// The orders page's tests, in two files so that both workers run them: the fake server's ledger
// and the helpers they share.
import type { LedgerItem } from '@domain/api/ledger';
import { LEDGER_STATUS } from '@domain/constants';
import { screen, within } from '@testing-library/react';
import { type FakeRequest, fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { OrdersPage } from './orders-page';

export { ledgerItem } from '../../../testing/ledger';

export const USER = {
  userInfo: { id: 7, userTypeId: 2, customerCode: 10001, mail: 'user@example.com' },
};
export const STAFF = {
  userInfo: { id: 1, userTypeId: 3, customerCode: 99999, mail: 'staff@example.com' },
};

export interface SearchBody {
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
export const fakeLedger: { lines: LedgerItem[] } = { lines: [] };
export const searches = () =>
  fakeServer.calls('POST /api/v1/spec/search-result-ledgerItem').map((r) => r.body as SearchBody);
export const lastSearch = () => searches().at(-1)!;

export function answerSearch({ body }: FakeRequest) {
  const b = body as SearchBody;
  const rows = fakeLedger.lines.filter(
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
export function answerCappedSearch({ body }: FakeRequest) {
  const b = body as SearchBody;
  const start = (b.page - 1) * b.page_size;
  const cap = start + 10 * b.page_size;
  return json(200, {
    items: fakeLedger.lines.slice(start, start + b.page_size),
    total: Math.min(fakeLedger.lines.length, cap),
    ...(fakeLedger.lines.length > cap ? { total_capped: true } : {}),
    page: b.page,
    page_size: b.page_size,
  });
}

/** The server's answers for the orders page, with an empty ledger (each test's start). */
export function installOrdersServer() {
  fakeLedger.lines = [];
  fakeServer
    .on('POST /api/v1/spec/search-result-ledgerItem', answerSearch)
    .on('GET /api/v1/spec/get-all-customer-code-list', () =>
      json(200, [
        { customer_code: 10001, customer_name: '株式会社東和ルーフ 本社' },
        { customer_code: 10002, customer_name: '株式会社東和ルーフ 関西営業所' },
      ]),
    )
    .on('GET /api/v1/spec/specified-ledger-file-path', ({ query }) => {
      const line = fakeLedger.lines.find((l) => l.sale_order_no === query.get('sale_order_no'));
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
}

export type User = ReturnType<typeof renderWithProviders>['user'];

export async function renderOrders(session = USER) {
  const rendered = renderWithProviders(<OrdersPage />, { session, path: '/orders' });
  return rendered;
}

export const table = () => screen.getByRole('table', { name: '注文明細' });
/**
 * The element that shows `text` whole: a name is cut into phrases (components/text/phrased-text),
 * its model code in an element of its own, so its text is spread over several nodes.
 */
export const wholeText = (text: string) => (_: string, element: Element | null) =>
  element?.textContent === text &&
  ![...element.children].some((child) => child.textContent === text);
export const bodyRows = () => within(table()).getAllByRole('row').slice(1);

export async function openFilters(user: User) {
  await user.click(screen.getByRole('button', { name: '絞り込み' }));
  return screen.findByRole('form', { name: '絞り込み条件' });
}
