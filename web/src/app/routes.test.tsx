import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../testing/fake-server';
import { renderRoutes } from '../testing/render';
import { routes } from './routes';

describe('app routes', () => {
  it('shows the login form at an unknown path', async () => {
    renderRoutes(routes, { path: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'メールアドレス' })).toBeTruthy();
    expect(screen.getByLabelText('パスワード')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ログイン' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('お客様ポータル | ログイン'));
  });

  it('shows the login form at /', async () => {
    renderRoutes(routes, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeTruthy();
  });

  it('shows "Unexpected Application Error!" when a route fails', async () => {
    const [root] = routes;
    if (!root || root.index) throw new Error('the app has one root layout route');
    const failing: RouteObject = {
      path: '/failing',
      loader: () => {
        throw new Error('boom');
      },
      element: null,
    };
    renderRoutes([{ ...root, children: [...(root.children ?? []), failing] }], {
      path: '/failing',
    });
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
  });

  it('tells a user without permission so and links back to TOP', async () => {
    renderRoutes(routes, { path: '/permission-denied', session: {} });
    expect(await screen.findByText('このページにアクセスする権限がありません。')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'TOPへ戻る' }).getAttribute('href')).toBe('/top');
    await waitFor(() => expect(document.title).toBe('お客様ポータル | アクセス権限がありません'));
  });

  it('sends a signed-out visitor of the permission page to the login screen', async () => {
    const { router } = renderRoutes(routes, { path: '/permission-denied' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull();
    expect(screen.queryByText('このページにアクセスする権限がありません。')).toBeNull();
  });

  it('titles each signed-in screen with the product and page name', async () => {
    // The screen loads its own data; this test is about its title.
    fakeServer.otherwise(() => json(200, []));
    renderRoutes(routes, { path: '/orders', session: {} });
    expect(await screen.findByRole('heading', { name: '注文一覧' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('お客様ポータル | 注文一覧'));
  });

  it('shows only the header at /header', async () => {
    renderRoutes(routes, { path: '/header', session: { customerName: 'テスト商事' } });
    expect(await screen.findByText('テスト商事 様')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull();
  });
});
