import type { AuditEvent } from '@domain/api/audit';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDatePicker, pickDate } from '../../../testing/date-picker';
import { fakeServer, file, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { AuditPage } from './audit-page';

const STAFF = {
  userInfo: { id: 1, userTypeId: 3, customerCode: 99999, mail: 'staff@example.com' },
};
const ADMIN = {
  userInfo: { id: 2, userTypeId: 1, customerCode: 10001, mail: 'admin@example.com' },
};
const SEARCH = 'GET /api/v1/audit';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const EXPORT = 'GET /api/v1/audit/export';

function event(n: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: n,
    created_at: new Date(Date.UTC(2026, 10, 25, 3, 0, 0) - n * 60_000).toISOString(),
    actor_user_id: 12,
    actor_mail: 'user@example.com',
    customer_code: 10001,
    customer_name: '株式会社サンプル屋根 東京支店',
    action: 'document.download',
    entity: 'document',
    entity_id: `INV-${n}.pdf`,
    target: `書類: INV-${n}.pdf`,
    ip_address: '203.0.113.7',
    user_agent: CHROME,
    ...overrides,
  };
}

beforeAll(loadDatePicker, 60_000);

let events: AuditEvent[];
let saved: string[];

beforeEach(() => {
  events = Array.from({ length: 150 }, (_, i) => event(i));
  saved = [];
  fakeServer.on(SEARCH, ({ query }) => {
    const page = Number(query.get('page') ?? '1');
    const action = query.get('action');
    const matching = action ? events.filter((e) => e.action === action) : events;
    return json(200, {
      items: matching.slice((page - 1) * 100, page * 100),
      total: matching.length,
      total_capped: false,
      page,
      page_size: 100,
      mail_outbox: { pending: 2, failed: 1, sent: 40 },
    });
  });
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the audit view', () => {
  it('shows 100 events a page in a table with Japanese action names, and the mail counts to staff', async () => {
    const { user } = renderWithProviders(<AuditPage />, { session: STAFF, path: '/audit' });
    expect(await screen.findByText('全150件（1〜100件目）')).toBeTruthy();
    const table = screen.getByRole('table');
    // The header row and 100 events.
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    expect(within(table).getAllByText('書類ダウンロード').length).toBe(100);
    // The action in Japanese only, the target in the server's words.
    expect(within(table).queryByText('document.download')).toBeNull();
    expect(within(table).getByRole('cell', { name: '書類: INV-0.pdf' })).toBeTruthy();
    // 03:00 UTC is 12:00 in Japan.
    expect(within(table).getByText('2026-11-25 12:00:00')).toBeTruthy();
    // The browser by its short name, the whole header on hover.
    const browsers = within(table).getAllByText('Chrome 131 / Windows');
    expect(browsers).toHaveLength(100);
    expect(browsers[0]!.getAttribute('title')).toBe(CHROME);
    const outbox = screen.getByRole('region', { name: 'メール送信状況' });
    expect(within(outbox).getByText('送信失敗 1件')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: '2ページ' }));
    expect(await screen.findByText('全150件（101〜150件目）')).toBeTruthy();
    expect(fakeServer.calls(SEARCH).at(-1)!.query.get('page')).toBe('2');
  });

  it('sends the filters, and refuses an end date before the start date without asking the server', async () => {
    events.push(
      event(999, {
        action: 'user.delete',
        entity: 'user',
        entity_id: '55',
        target: 'ユーザー: 監査 太郎（audit@example.com）',
      }),
    );
    const { user } = renderWithProviders(<AuditPage />, { session: STAFF, path: '/audit' });
    await screen.findByText('全151件（1〜100件目）');
    const form = screen.getByRole('form', { name: '操作履歴の絞り込み' });

    await pickDate(user, '期間（開始）', '2026-11-20');
    await pickDate(user, '期間（終了）', '2026-11-01');
    const before = fakeServer.calls(SEARCH).length;
    await user.click(within(form).getByRole('button', { name: '検索' }));
    expect(await screen.findByText('開始日は終了日以前の日付を指定してください。')).toBeTruthy();
    expect(fakeServer.calls(SEARCH)).toHaveLength(before);

    await pickDate(user, '期間（終了）', '2026-11-25');
    await user.type(within(form).getByLabelText('操作者のメールアドレス'), 'admin@example.com');
    await user.selectOptions(within(form).getByLabelText('操作の種類'), 'ユーザー削除');
    await user.click(within(form).getByRole('button', { name: '検索' }));
    expect(await screen.findByText('全1件（1〜1件目）')).toBeTruthy();
    expect(
      screen.getByRole('cell', { name: 'ユーザー: 監査 太郎（audit@example.com）' }),
    ).toBeTruthy();
    const query = fakeServer.calls(SEARCH).at(-1)!.query;
    expect(Object.fromEntries(query)).toEqual({
      from: '2026-11-20',
      to: '2026-11-25',
      actor: 'admin@example.com',
      action: 'user.delete',
      page: '1',
    });
  });

  it('exports the filters in force as CSV under the server’s file name', async () => {
    fakeServer.on(EXPORT, () =>
      file('\uFEFF日時\r\n', 'auditlog_20261125.csv', 'text/csv; charset=utf-8'),
    );
    const { user } = renderWithProviders(<AuditPage />, {
      session: STAFF,
      path: '/audit?action=document.download&customer_code=10001',
    });
    await screen.findByText('全150件（1〜100件目）');
    await user.click(screen.getByRole('button', { name: 'CSV出力' }));
    await vi.waitFor(() => expect(saved).toEqual(['auditlog_20261125.csv']));
    expect(Object.fromEntries(fakeServer.calls(EXPORT)[0]!.query)).toEqual({
      action: 'document.download',
      customer_code: '10001',
    });
  });

  it('exports what the form shows, not the earlier search, and shows those events too', async () => {
    fakeServer.on(EXPORT, () =>
      file('\uFEFF日時\r\n', 'auditlog_20261125.csv', 'text/csv; charset=utf-8'),
    );
    const { user } = renderWithProviders(<AuditPage />, { session: STAFF, path: '/audit' });
    await screen.findByText('全150件（1〜100件目）');
    const form = screen.getByRole('form', { name: '操作履歴の絞り込み' });
    await pickDate(user, '期間（開始）', '2026-11-20');
    const from = () => within(form).getByRole('button', { name: '期間（開始）' });
    await user.selectOptions(within(form).getByLabelText('操作の種類'), '書類ダウンロード');

    // Typed but not searched: the file is of what the form shows, and the list follows it.
    await user.click(screen.getByRole('button', { name: 'CSV出力' }));
    await vi.waitFor(() => expect(saved).toEqual(['auditlog_20261125.csv']));
    expect(Object.fromEntries(fakeServer.calls(EXPORT)[0]!.query)).toEqual({
      from: '2026-11-20',
      action: 'document.download',
    });
    await vi.waitFor(() =>
      expect(Object.fromEntries(fakeServer.calls(SEARCH).at(-1)!.query)).toEqual({
        from: '2026-11-20',
        action: 'document.download',
        page: '1',
      }),
    );
    expect(from().textContent).toContain('2026/11/20');

    // A form with a problem exports nothing and says why.
    await pickDate(user, '期間（終了）', '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'CSV出力' }));
    expect(await screen.findByText('開始日は終了日以前の日付を指定してください。')).toBeTruthy();
    expect(fakeServer.calls(EXPORT)).toHaveLength(1);

    // The address holds no filter already: クリア still empties the field.
    await user.click(within(form).getByRole('button', { name: 'クリア' }));
    expect(from().textContent).not.toContain('2026/11/20');
    expect(from().textContent).toContain('指定なし');
  });

  it('shows cards on a phone, and an administrator refused a customer gets a Japanese message', async () => {
    window.innerWidth = 390;
    const { unmount } = renderWithProviders(<AuditPage />, { session: ADMIN, path: '/audit' });
    await screen.findByText('全150件（1〜100件目）');
    expect(screen.queryByRole('table')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: '操作履歴（日時の降順）' })).getAllByRole('listitem'),
    ).toHaveLength(100);
    expect(screen.getAllByText('Chrome 131 / Windows')).toHaveLength(100);
    // Only staff see the mail counts, whatever the answer holds.
    expect(screen.queryByRole('region', { name: 'メール送信状況' })).toBeNull();
    unmount();

    fakeServer.on(SEARCH, () =>
      json(403, {
        statusCode: 403,
        code: 'FORBIDDEN',
        message: 'この操作を行う権限がありません。',
      }),
    );
    renderWithProviders(<AuditPage />, { session: ADMIN, path: '/audit?customer_code=20001' });
    expect(await screen.findByText('この条件の操作履歴を表示する権限がありません。')).toBeTruthy();
  });
});
