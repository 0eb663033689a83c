import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FAKE_ACCOUNTS, serveAccount } from '../testing/fake-accounts';
import { fakeServer, json } from '../testing/fake-server';
import { renderRoutes } from '../testing/render';
import { guardRedirect, type RouteAccess } from './route-guard';
import { routes } from './routes';

const admin = { userTypeId: 1 } as const;

describe('guardRedirect (docs/product.md §2 route classes)', () => {
  const user = (userTypeId: number, customerCode = 10001) => ({
    accountLockDate: null,
    createdAt: '',
    customerCode,
    deleteFlag: false,
    firebaseUid: 'uid',
    id: 1,
    mail: 'm@example.com',
    updatedAt: '',
    userName: 'n',
    userTypeId,
    userTypeName: '',
  });

  type Status = 'signedOut' | 'identityOnly' | 'signedIn';
  it.each<[RouteAccess, Status, number | null, string | null]>([
    ['public', 'signedOut', null, null],
    ['public', 'identityOnly', null, null],
    ['public', 'signedIn', 2, '/top'],
    ['private', 'signedOut', null, '/login'],
    ['private', 'identityOnly', null, '/login'],
    ['private', 'signedIn', 2, null],
    ['tenant', 'signedOut', null, '/login'],
    ['tenant', 'identityOnly', null, null],
    ['tenant', 'signedIn', 2, '/top'],
    ['restricted', 'signedOut', null, '/login'],
    ['restricted', 'identityOnly', null, '/login'],
    ['restricted', 'signedIn', 2, '/permission-denied'],
    ['restricted', 'signedIn', 1, null],
    ['restricted', 'signedIn', 4, null],
    ['restricted', 'signedIn', 3, null],
    ['staff-only', 'signedOut', null, '/login'],
    ['staff-only', 'identityOnly', null, '/login'],
    ['staff-only', 'signedIn', 1, '/permission-denied'],
    ['staff-only', 'signedIn', 2, '/permission-denied'],
    ['staff-only', 'signedIn', 3, null],
  ])('%s route, %s, user type %s → %s', (access, status, userTypeId, expected) => {
    const userInfo =
      userTypeId === null ? null : user(userTypeId, userTypeId === 3 ? 99999 : 10001);
    expect(guardRedirect(access, status, userInfo)).toBe(expected);
  });
});

describe('the guarded routes', () => {
  // The screens behind the guards load their own data; these tests are about where people land.
  beforeEach(() => {
    fakeServer.otherwise(() => json(200, []));
  });

  it('show nothing while the login state is loading', async () => {
    fakeServer.on('GET /api/auth/token', () => new Promise<Response>(() => {}));
    const { container } = renderRoutes(routes, { path: '/top', session: {} });
    await waitFor(() => expect(fakeServer.calls('GET /api/auth/token')).toHaveLength(1));
    expect(container.querySelector('header, nav, main, h1, a, button, input')).toBeNull();
  });

  it.each(['/top', '/orders', '/shared-files', '/managers', '/edit-top', '/login-tenant'])(
    'send an anonymous visitor from %s to /login',
    async (path) => {
      const { router } = renderRoutes(routes, { path });
      expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('send a general user from /managers and /edit-top to /permission-denied', async () => {
    const { router } = renderRoutes(routes, {
      path: '/managers',
      session: { userInfo: { userTypeId: 2 } },
    });
    expect(await screen.findByText('このページにアクセスする権限がありません。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/permission-denied');

    await router.navigate('/edit-top');
    await waitFor(() => expect(router.state.location.pathname).toBe('/permission-denied'));
  });

  it('let a corporate administrator open /managers but not /edit-top', async () => {
    const { router } = renderRoutes(routes, { path: '/managers', session: { userInfo: admin } });
    await screen.findByRole('button', { name: 'ログアウト' });
    expect(router.state.location.pathname).toBe('/managers');
    await router.navigate('/edit-top');
    expect(await screen.findByText('このページにアクセスする権限がありません。')).toBeTruthy();
  });

  it('let staff open /edit-top', async () => {
    const { router } = renderRoutes(routes, {
      path: '/edit-top',
      session: { userInfo: { userTypeId: 3, customerCode: 99999 } },
    });
    await screen.findByRole('button', { name: 'ログアウト' });
    expect(router.state.location.pathname).toBe('/edit-top');
  });

  it('send a signed-in user from the public screens to /top', async () => {
    const { router } = renderRoutes(routes, { path: '/login', session: {} });
    await screen.findByRole('button', { name: 'ログアウト' });
    expect(router.state.location.pathname).toBe('/top');
    await router.navigate('/mail-reset-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/top'));
    await router.navigate('/no-such-page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/top'));
  });

  it('keep a signed-in user on a reload of this tab', async () => {
    const { router } = renderRoutes(routes, { path: '/orders', session: {} });
    await screen.findByRole('button', { name: 'ログアウト' });
    expect(router.state.location.pathname).toBe('/orders');
    expect(fakeServer.calls('POST /api/auth/sign-out')).toHaveLength(0);
  });

  it('send a user whose identity session is gone to /login and clear the stored session', async () => {
    fakeServer.on('GET /api/auth/token', () => json(401, { code: 'UNAUTHORIZED' }));
    const { router } = renderRoutes(routes, { path: '/top', session: {} });
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('userInfo')).toBeNull();
    expect(sessionStorage.getItem('customerCodeList')).toBeNull();
  });

  it('end a cookie session that this tab did not start (the tab or window was closed)', async () => {
    fakeServer.identity = { id: 'uid-user', email: 'user@example.com' };
    const { router } = renderRoutes(routes, { path: '/top' });
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(fakeServer.calls('POST /api/auth/sign-out')).toHaveLength(1));
    expect(fakeServer.identity).toBeNull();
  });

  it('open the tenant screen to an identity without a user record, and only /login to it otherwise', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.multi);
    fakeServer.identity = { id: 'uid-multi', email: 'multi@example.com' };
    sessionStorage.setItem('identityUid', 'uid-multi');
    sessionStorage.setItem('customerCodeList', '[10001,10002]');
    const { router } = renderRoutes(routes, { path: '/login-tenant' });
    expect(
      await screen.findByRole('combobox', { name: 'ログインする取引先を選択してください' }),
    ).toBeTruthy();

    await router.navigate('/top');
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sign out with the logout icon', async () => {
    const { router, user } = renderRoutes(routes, { path: '/top', session: {} });
    await user.click(await screen.findByRole('button', { name: 'ログアウト' }));
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('userInfo')).toBeNull();
    await waitFor(() => expect(fakeServer.calls('POST /api/auth/sign-out')).toHaveLength(1));
  });
});
