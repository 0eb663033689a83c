import type { Banner, Notice } from '@domain/api/top-content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG } from '../../../lib/app-config';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { EditTopPage } from './edit-top-page';

const STAFF = { userInfo: { id: 1, userTypeId: 3, customerCode: 99999 } };
const STAMP = '2026-11-20T01:00:00.000Z';

function notice(id: number, title: string, url = `https://example.com/news/${id}`): Notice {
  return { id, user_id: 1, title, url, display_at: STAMP, created_at: STAMP, updated_at: STAMP };
}

function banner(id: number, explanation = `バナー${id}`): Banner {
  return {
    id,
    user_id: 1,
    explanation,
    image_url: `/demo-assets/banner-${id}.svg`,
    destination_url: `https://example.com/banner/${id}`,
    created_at: STAMP,
    updated_at: STAMP,
  };
}

/** The server's notices and banners, changed by the write calls like the real one. */
let notices: Notice[];
let banners: Banner[];

beforeEach(() => {
  notices = [notice(1, '価格改定のお知らせ'), notice(2, '配送リードタイム変更')];
  banners = [banner(1), banner(2)];
  fakeServer
    .on('POST /api/v1/notice/get-notice', () => json(200, notices))
    .on('POST /api/v1/banner/get-banner', () => json(200, banners))
    .on('POST /api/v1/notice/add-notice', ({ body }) => {
      const { title, url } = body as Notice;
      const created = notice(10, title, url);
      notices = [created, ...notices];
      return json(200, created);
    })
    .on('PUT /api/v1/notice/update-notice', ({ body }) => {
      const { id, title, url } = body as Notice;
      notices = notices.map((n) => (n.id === id ? { ...n, title, url } : n));
      return json(
        200,
        notices.find((n) => n.id === id),
      );
    })
    .on('DELETE /api/v1/notice/delete-notice', ({ body }) => {
      const { id } = body as { id: number };
      notices = notices.filter((n) => n.id !== id);
      return json(200, { id });
    });
});

type User = Awaited<ReturnType<typeof renderEditor>>['user'];

/** Replaces an input's value in one step (typing key by key re-renders the page per key). */
async function fill(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text !== '') await user.paste(text);
}

const noticeSection = () => screen.getByRole('region', { name: 'お知らせ' });
const bannerSection = () => screen.getByRole('region', { name: 'バナー' });
const row = (name: string) => screen.getByRole('row', { name });

async function renderEditor() {
  const rendered = renderWithProviders(<EditTopPage />, { session: STAFF, path: '/edit-top' });
  await screen.findByRole('row', { name: '価格改定のお知らせ' });
  return rendered;
}

describe('the top-page editor (docs/product.md §4 Edit rows)', () => {
  it('adds one empty new row at the top and disables 新規追加 while it is unsaved', async () => {
    const { user } = await renderEditor();
    const add = within(noticeSection()).getByRole('button', { name: '新規追加' });

    await user.click(add);

    const rows = within(noticeSection()).getAllByRole('row').slice(1);
    expect(rows[0]?.getAttribute('aria-label')).toBe('新規のお知らせ');
    const newRow = row('新規のお知らせ');
    expect(within(newRow).getByRole('textbox', { name: 'タイトル' })).toHaveProperty('value', '');
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(newRow).getByRole('button', { name: '登録' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('marks invalid and changed cells and enables 登録 only when changed and valid', async () => {
    const { user } = await renderEditor();
    const saved = row('価格改定のお知らせ');
    const url = within(saved).getByRole('textbox', { name: 'リンク先URL' });
    const register = within(saved).getByRole('button', { name: '登録' }) as HTMLButtonElement;
    expect(register.disabled).toBe(true);
    expect(url.getAttribute('aria-invalid')).not.toBe('true');
    expect(url.hasAttribute('data-changed')).toBe(false);

    await user.clear(url);
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(url.getAttribute('data-problem')).toBe('empty');
    await user.paste('javascript:alert(1)');
    expect(url.getAttribute('data-problem')).toBe('invalid');
    expect(url.hasAttribute('data-changed')).toBe(true);
    expect(register.disabled).toBe(true);

    await fill(user, url, 'https://example.com/news/new');
    expect(url.getAttribute('aria-invalid')).not.toBe('true');
    expect(register.disabled).toBe(false);
  });

  it('creates a new row, toasts its title and reloads the list', async () => {
    const { user } = await renderEditor();
    await user.click(within(noticeSection()).getByRole('button', { name: '新規追加' }));
    const newRow = row('新規のお知らせ');
    await fill(user, within(newRow).getByRole('textbox', { name: 'タイトル' }), '年末年始の営業');
    await fill(
      user,
      within(newRow).getByRole('textbox', { name: 'リンク先URL' }),
      'https://example.com/news/holiday',
    );
    const loads = fakeServer.calls('POST /api/v1/notice/get-notice').length;

    await user.click(within(newRow).getByRole('button', { name: '登録' }));

    expect(await screen.findByText('「年末年始の営業」を登録しました。')).toBeTruthy();
    expect(fakeServer.calls('POST /api/v1/notice/add-notice')[0]?.body).toMatchObject({
      title: '年末年始の営業',
      url: 'https://example.com/news/holiday',
      user_id: 1,
    });
    expect(fakeServer.calls('POST /api/v1/notice/get-notice').length).toBeGreaterThan(loads);
    expect(await screen.findByRole('row', { name: '年末年始の営業' })).toBeTruthy();
    expect(screen.queryByRole('row', { name: '新規のお知らせ' })).toBeNull();
    expect(
      (within(noticeSection()).getByRole('button', { name: '新規追加' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it('updates a saved row by its id', async () => {
    const { user } = await renderEditor();
    const title = within(row('配送リードタイム変更')).getByRole('textbox', { name: 'タイトル' });
    await fill(user, title, '配送リードタイム変更のお願い');
    await user.click(within(row('配送リードタイム変更')).getByRole('button', { name: '登録' }));

    expect(
      await screen.findByText('「配送リードタイム変更のお願い」を更新しました。'),
    ).toBeTruthy();
    expect(fakeServer.calls('PUT /api/v1/notice/update-notice')[0]?.body).toMatchObject({
      id: 2,
      title: '配送リードタイム変更のお願い',
    });
    expect(fakeServer.calls('POST /api/v1/notice/add-notice')).toHaveLength(0);
  });

  it('ignores a second 登録 click while the save is in flight', async () => {
    let release!: () => void;
    fakeServer.on('PUT /api/v1/notice/update-notice', ({ body }) => {
      const { id, title } = body as Notice;
      return new Promise<Response>((resolve) => {
        release = () => {
          notices = notices.map((n) => (n.id === id ? { ...n, title } : n));
          resolve(
            json(
              200,
              notices.find((n) => n.id === id),
            ),
          );
        };
      });
    });
    const { user } = await renderEditor();
    const saved = row('配送リードタイム変更');
    await user.type(within(saved).getByRole('textbox', { name: 'タイトル' }), '！');
    const register = within(saved).getByRole('button', { name: '登録' });

    await user.click(register);
    await user.click(register);
    await waitFor(() =>
      expect(fakeServer.calls('PUT /api/v1/notice/update-notice')).toHaveLength(1),
    );
    release();

    expect(await screen.findByText('「配送リードタイム変更！」を更新しました。')).toBeTruthy();
    expect(fakeServer.calls('PUT /api/v1/notice/update-notice')).toHaveLength(1);
  });

  it('removes an unsaved row without asking', async () => {
    const { user } = await renderEditor();
    await user.click(within(noticeSection()).getByRole('button', { name: '新規追加' }));
    await user.click(within(row('新規のお知らせ')).getByRole('button', { name: '削除' }));

    expect(screen.queryByRole('row', { name: '新規のお知らせ' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes a saved row after a confirmation naming it', async () => {
    const { user } = await renderEditor();
    await user.click(within(row('価格改定のお知らせ')).getByRole('button', { name: '削除' }));

    const dialog = await screen.findByRole('dialog', { name: '削除の確認' });
    expect(
      within(dialog).getByText('「価格改定のお知らせ」を削除します。よろしいですか？'),
    ).toBeTruthy();
    expect(fakeServer.calls('DELETE /api/v1/notice/delete-notice')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));

    expect(await screen.findByText('「価格改定のお知らせ」を削除しました。')).toBeTruthy();
    expect(fakeServer.calls('DELETE /api/v1/notice/delete-notice')[0]?.body).toMatchObject({
      id: 1,
    });
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: '価格改定のお知らせ' })).toBeNull(),
    );
  });

  it('opens the error dialog with the support contact when a save fails, keeping the edits', async () => {
    fakeServer.on('PUT /api/v1/notice/update-notice', () =>
      json(400, {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: '入力内容に誤りがあります。',
        fieldErrors: [{ field: 'url', message: '形式が正しくありません。' }],
      }),
    );
    const { user } = await renderEditor();
    const saved = row('価格改定のお知らせ');
    await user.type(within(saved).getByRole('textbox', { name: 'タイトル' }), '（再）');
    await user.click(within(saved).getByRole('button', { name: '登録' }));

    const dialog = await screen.findByRole('dialog', { name: 'エラー' });
    expect(
      within(dialog).getByText('アクセス時にエラーが発生しました。再度お試しください。'),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: DEFAULT_APP_CONFIG.supportEmail }),
    ).toBeTruthy();
    expect(within(saved).getByRole('textbox', { name: 'タイトル' })).toHaveProperty(
      'value',
      '価格改定のお知らせ（再）',
    );
    expect(
      within(saved).getByRole('textbox', { name: 'リンク先URL' }).getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('shows a preview of each banner image in its row', async () => {
    await renderEditor();
    const preview = within(row('バナー1')).getByRole('img', { name: 'バナー1のプレビュー' });
    expect(preview.getAttribute('src')).toBe('/demo-assets/banner-1.svg');
    // An image that does not load says so in its row.
    fireEvent.error(preview);
    expect(await within(row('バナー1')).findByText('画像を読み込めません')).toBeTruthy();
    expect(within(row('バナー1')).queryByRole('img', { name: 'バナー1のプレビュー' })).toBeNull();
  });

  it('shows at most four banner rows and disables 新規追加 at four', async () => {
    banners = [1, 2, 3, 4, 5].map((id) => banner(id));
    await renderEditor();
    await screen.findByRole('row', { name: 'バナー1' });

    const rows = within(bannerSection()).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'バナー1',
      'バナー2',
      'バナー3',
      'バナー4',
    ]);
    expect(
      (within(bannerSection()).getByRole('button', { name: '新規追加' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('lets a fourth banner be added to three, then no more', async () => {
    banners = [1, 2, 3].map((id) => banner(id));
    const { user } = await renderEditor();
    await screen.findByRole('row', { name: 'バナー1' });
    const add = within(bannerSection()).getByRole('button', { name: '新規追加' });

    await user.click(add);

    expect(within(bannerSection()).getAllByRole('row')).toHaveLength(5);
    expect((add as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the rows as cards on a phone', async () => {
    window.innerWidth = 390;
    renderWithProviders(<EditTopPage />, { session: STAFF, path: '/edit-top' });
    const card = await screen.findByRole('group', { name: '価格改定のお知らせ' });
    expect(within(card).getByRole('textbox', { name: 'タイトル' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: '登録' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
