import type { Banner, Notice } from '@domain/api/top-content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG } from '../../../lib/app-config';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { TopPage } from './top-page';

function notice(id: number, overrides: Partial<Notice> = {}): Notice {
  return {
    id,
    user_id: 1,
    title: `お知らせ${id}`,
    url: `https://example.com/news/${id}`,
    display_at: '2026-11-20T01:00:00.000Z',
    created_at: '2026-11-20T01:00:00.000Z',
    updated_at: '2026-11-20T01:00:00.000Z',
    ...overrides,
  };
}

function banner(id: number, overrides: Partial<Banner> = {}): Banner {
  return {
    id,
    user_id: 1,
    explanation: `バナー${id}`,
    image_url: `/demo-assets/banner-${id}.svg`,
    destination_url: `https://example.com/banner/${id}`,
    created_at: '2026-11-20T01:00:00.000Z',
    updated_at: '2026-11-20T01:00:00.000Z',
    ...overrides,
  };
}

const DRAWINGS = { url: 'https://example.com/drawings-site', password: 'yane-2026' };

function serve({
  notices = [notice(1)],
  banners = [banner(1)],
}: {
  notices?: Notice[];
  banners?: Banner[];
}) {
  fakeServer
    .on('POST /api/v1/notice/get-notice', () => json(200, notices))
    .on('POST /api/v1/banner/get-banner', () => json(200, banners))
    .on('GET /api/v1/top/drawings', () => json(200, DRAWINGS));
}

const bannerImages = () => screen.queryAllByRole('img').filter((img) => img.tagName === 'IMG');

describe('the top page', () => {
  it('lists the notices under PICK UP! with the ja-JP date, titles opening a new tab', async () => {
    serve({
      notices: [
        notice(1, { title: '価格改定のお知らせ', display_at: '2026-11-20T01:00:00.000Z' }),
        notice(2, { title: 'リンクなしのお知らせ', url: '' }),
      ],
    });
    renderWithProviders(<TopPage />, { session: {} });

    const link = await screen.findByRole('link', { name: /価格改定のお知らせ/ });
    expect(link.getAttribute('href')).toBe('https://example.com/news/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('heading', { name: 'PICK UP!' })).toBeTruthy();
    expect(screen.getAllByText('2026/11/20')).toHaveLength(2);
    expect(screen.getByText('リンクなしのお知らせ')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /リンクなしのお知らせ/ })).toBeNull();
    expect(fakeServer.calls('POST /api/v1/notice/get-notice')[0]?.body).toMatchObject({
      limit: 10,
    });
  });

  it('shows the drawings tile with its password and the calculation tile as 準備中, not clickable', async () => {
    serve({});
    renderWithProviders(<TopPage />, { session: {} });

    // From the API, for the signed-in caller: not in the page's configuration, which anyone reads.
    const drawings = await screen.findByRole('link', { name: /図面・防火認定書/ });
    expect(drawings.getAttribute('href')).toBe(DRAWINGS.url);
    expect(drawings.getAttribute('target')).toBe('_blank');
    expect(screen.getByText(DRAWINGS.password)).toBeTruthy();
    expect(fakeServer.calls('GET /api/v1/top/drawings')[0]?.headers.get('authorization')).toMatch(
      /^Bearer /,
    );
    expect(JSON.stringify(DEFAULT_APP_CONFIG)).not.toContain('roof2025');
    expect(screen.getByText('準備中')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /金具計算/ })).toBeNull();
  });

  it('shows at most four of the five banners on a desktop, each opening its page in a new tab', async () => {
    serve({ banners: [1, 2, 3, 4, 5].map((id) => banner(id)) });
    renderWithProviders(<TopPage />, { session: {} });

    // A screen reader hears that the link opens a new tab, as the sighted see by the icon elsewhere.
    const first = await screen.findByRole('link', { name: 'バナー1（新しいタブで開きます）' });
    expect(first.getAttribute('href')).toBe('https://example.com/banner/1');
    expect(first.getAttribute('target')).toBe('_blank');
    expect(within(first).getByRole('img', { name: 'バナー1' }).getAttribute('src')).toBe(
      '/demo-assets/banner-1.svg',
    );
    expect(bannerImages().map((img) => img.getAttribute('alt'))).toEqual([
      'バナー1',
      'バナー2',
      'バナー3',
      'バナー4',
    ]);
    expect(fakeServer.calls('POST /api/v1/banner/get-banner')[0]?.body).toMatchObject({ limit: 5 });
  });

  it('shows all five banners on a phone', async () => {
    window.innerWidth = 390;
    serve({ banners: [1, 2, 3, 4, 5].map((id) => banner(id)) });
    renderWithProviders(<TopPage />, { session: {} });

    await screen.findByRole('link', { name: 'バナー1（新しいタブで開きます）' });
    expect(bannerImages()).toHaveLength(5);
  });

  it('shows a banner whose image does not load as its text, still linking to its page', async () => {
    serve({ banners: [banner(1)] });
    renderWithProviders(<TopPage />, { session: {} });

    const image = await screen.findByRole('img', { name: 'バナー1' });
    fireEvent.error(image);
    const link = await screen.findByRole('link', { name: /^バナー1\s?（新しいタブで開きます）$/ });
    expect(within(link).queryByRole('img')).toBeNull();
    expect(within(link).getByText('バナー1')).toBeTruthy();
    expect(link.getAttribute('href')).toBe('https://example.com/banner/1');
  });

  it('shows a banner without destination as an image only', async () => {
    serve({ banners: [banner(1, { destination_url: '' })] });
    renderWithProviders(<TopPage />, { session: {} });

    expect(await screen.findByRole('img', { name: 'バナー1' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'バナー1' })).toBeNull();
  });

  it('shows the company-home tile when there are no banners', async () => {
    serve({ banners: [] });
    renderWithProviders(<TopPage />, { session: {} });

    const home = await screen.findByRole('link', { name: /会社ホームページ/ });
    expect(home.getAttribute('href')).toBe(DEFAULT_APP_CONFIG.companyHomeUrl);
    expect(bannerImages()).toHaveLength(0);
  });

  it('says there are no notices when the list is empty, and asks only once', async () => {
    serve({ notices: [] });
    renderWithProviders(<TopPage />, { session: {} });

    expect(await screen.findByText('現在お知らせはありません。')).toBeTruthy();
    // An empty answer is shown, not answered by going to the same screen again (decision 010).
    expect(await screen.findByRole('link', { name: /バナー1/ })).toBeTruthy();
    expect(fakeServer.calls('POST /api/v1/notice/get-notice')).toHaveLength(1);
  });

  it('tells the user when the notices cannot be loaded, with the support contact', async () => {
    fakeServer
      .on('POST /api/v1/notice/get-notice', () => json(500, { code: 'INTERNAL_ERROR' }))
      .on('POST /api/v1/banner/get-banner', () => json(200, [banner(1)]));
    renderWithProviders(<TopPage />, { session: {} });

    expect(
      await screen.findByText('アクセス時にエラーが発生しました。再度お試しください。'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: DEFAULT_APP_CONFIG.supportEmail })).toBeTruthy();
    // The banner area still shows under the failed list.
    expect(await screen.findByRole('link', { name: /バナー1/ })).toBeTruthy();
  });

  it('asks for notices and banners at once, and shows the banner area once the notices are in', async () => {
    let answerNotices: (response: Response) => void = () => {};
    fakeServer
      .on(
        'POST /api/v1/notice/get-notice',
        () => new Promise<Response>((resolve) => (answerNotices = resolve)),
      )
      .on('POST /api/v1/banner/get-banner', () => json(200, [banner(1)]));
    renderWithProviders(<TopPage />, { session: {} });

    await waitFor(() => expect(fakeServer.calls('POST /api/v1/banner/get-banner')).toHaveLength(1));
    // Nothing under the notices' placeholder while they load: the list may grow to ten lines.
    expect(screen.getByLabelText('読み込み中')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'ご案内' })).toBeNull();
    expect(screen.queryByRole('link', { name: /バナー1/ })).toBeNull();

    answerNotices(json(200, [notice(1), notice(2)]));
    expect(await screen.findByRole('heading', { name: 'ご案内' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /バナー1/ })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /お知らせ/ })).toHaveLength(2);
  });
});
