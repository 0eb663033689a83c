import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { AppFooter } from './app-footer';

const link = (name: string) => screen.queryByRole('link', { name });

describe('AppFooter', () => {
  it('links a corporate administrator (type 1) to the managers page but not to top-page editing', () => {
    renderWithProviders(<AppFooter />, { session: { userInfo: { userTypeId: 1 } } });
    expect(link('ユーザー管理')?.getAttribute('href')).toBe('/managers');
    expect(link('トップページ編集')).toBeNull();
  });

  it('links staff (type 3) to the managers page and to top-page editing', () => {
    renderWithProviders(<AppFooter />, {
      session: { userInfo: { userTypeId: 3, customerCode: 99999 } },
    });
    expect(link('ユーザー管理')?.getAttribute('href')).toBe('/managers');
    expect(link('トップページ編集')?.getAttribute('href')).toBe('/edit-top');
  });

  it('gives a general user (type 2) neither administration link', () => {
    renderWithProviders(<AppFooter />, { session: { userInfo: { userTypeId: 2 } } });
    expect(link('ユーザー管理')).toBeNull();
    expect(link('トップページ編集')).toBeNull();
  });

  it('shows the copyright line', () => {
    renderWithProviders(<AppFooter />, { session: {} });
    expect(screen.getByText(/© \d{4} お客様ポータル/)).toBeTruthy();
  });
});
