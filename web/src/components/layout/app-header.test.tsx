import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { AppLayout } from './app-layout';

function resizeTo(width: number) {
  window.innerWidth = width;
}

describe('the signed-in header', () => {
  it('shows the customer name with the honorific 様 and the product name', () => {
    renderWithProviders(<AppLayout />, { session: { customerName: '株式会社テスト屋根' } });
    expect(screen.getByText('株式会社テスト屋根 様')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'お客様ポータル' })).toBeTruthy();
  });

  it('signs out on ログアウト: clears the stored session and goes to /login', async () => {
    const { router, user } = renderWithProviders(<AppLayout />, { path: '/top', session: {} });
    expect(sessionStorage.getItem('userInfo')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'ログアウト' }));

    expect(sessionStorage.getItem('userInfo')).toBeNull();
    expect(sessionStorage.getItem('customerCodeList')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText(/様$/)).toBeNull();
  });

  it('offers the three navigation entries and marks the current one', () => {
    renderWithProviders(<AppLayout />, { path: '/orders', session: {} });
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    expect(nav.textContent).toContain('TOP');
    expect(screen.getByRole('link', { name: 'TOP' }).getAttribute('href')).toBe('/top');
    const current = screen.getByRole('link', { name: '注文一覧' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(
      screen.getByRole('link', { name: '共有ファイル' }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('on a phone shows the corporation and customer names and opens the menu with the hamburger', async () => {
    resizeTo(390);
    const { user } = renderWithProviders(<AppLayout />, {
      path: '/top',
      session: { corporationName: '株式会社テスト', customerName: 'テスト東京支店' },
    });
    const hamburger = screen.getByRole('button', { name: 'メニュー' });
    expect(hamburger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('株式会社テスト')).toBeTruthy();
    expect(screen.getByText('テスト東京支店 様')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeTruthy();

    await user.click(hamburger);

    expect(hamburger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: '共有ファイル' })).toBeTruthy();
  });
});
