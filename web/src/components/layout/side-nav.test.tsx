import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../testing/fake-server';
import { renderWithProviders } from '../../testing/render';
import { SideNav } from './side-nav';

const menuLinks = () =>
  within(screen.getByRole('navigation', { name: 'メインメニュー' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('SideNav', () => {
  it('offers a corporate administrator (type 1) user administration and the audit view', () => {
    renderWithProviders(<SideNav />, { session: { userInfo: { userTypeId: 1 } } });
    expect(menuLinks()).toEqual([
      ['TOP', '/top'],
      ['注文一覧', '/orders'],
      ['共有ファイル', '/shared-files'],
      ['帳票一覧', '/documents'],
      ['お問い合わせ', '/inquiries'],
      ['ユーザー管理', '/managers'],
      ['操作履歴', '/audit'],
    ]);
  });

  it('offers staff (type 3) user administration too, marked as the current page there', () => {
    renderWithProviders(<SideNav />, {
      session: { userInfo: { userTypeId: 3, customerCode: 99999 } },
      path: '/managers',
    });
    const link = screen.getByRole('link', { name: 'ユーザー管理' });
    expect(link.getAttribute('href')).toBe('/managers');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('gives a general user (type 2) the customer screens only, the documents and inquiries among them', () => {
    renderWithProviders(<SideNav />, { session: { userInfo: { userTypeId: 2 } } });
    expect(menuLinks().map(([label]) => label)).toEqual([
      'TOP',
      '注文一覧',
      '共有ファイル',
      '帳票一覧',
      'お問い合わせ',
    ]);
  });

  it('shows staff how many inquiries wait for them (未対応)', async () => {
    fakeServer.on('GET /api/v1/inquiries/open-count', () => json(200, { open: 4 }));
    renderWithProviders(<SideNav />, {
      session: { userInfo: { userTypeId: 3, customerCode: 99999 } },
    });
    const link = screen.getByRole('link', { name: /お問い合わせ/ });
    expect(await within(link).findByText('未対応 4件')).toBeTruthy();
  });
});
