import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { expectConsoleError } from '../testing/console-errors';
import { fakeServer, json } from '../testing/fake-server';
import { renderRoutes } from '../testing/render';
import { lazyScreen } from './route-tree';
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

  /** The app's routes with `route` added under their root. */
  const withRoute = (route: RouteObject): RouteObject[] => {
    const [root] = routes;
    if (!root || root.index) throw new Error('the app has one root layout route');
    return [{ ...root, children: [...(root.children ?? []), route] }];
  };

  it('shows "Unexpected Application Error!" when a route fails', async () => {
    expectConsoleError(); // React logs the error it caught
    const Failing = () => {
      throw new Error('boom');
    };
    renderRoutes(withRoute({ path: '/failing', Component: Failing }), { path: '/failing' });
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('お客様ポータル | エラー'));
  });

  it('shows "Unexpected Application Error!" when a screen fails to load (a deploy since)', async () => {
    expectConsoleError(); // React logs the failed load it caught
    const Unloadable = lazyScreen(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const { router } = renderRoutes(withRoute({ path: '/unloadable', Component: Unloadable }), {
      path: '/login',
    });
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeTruthy();
    void router.navigate('/unloadable');
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    // Another screen is another try.
    void router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeTruthy();
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
    // The page has a name, in the tab and as its heading.
    expect(screen.getByRole('heading', { level: 1, name: 'ヘッダー' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('お客様ポータル | ヘッダー'));
  });
});
