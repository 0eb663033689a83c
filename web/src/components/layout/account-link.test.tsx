import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { AppLayout } from './app-layout';

// The header leads to the account page on both layouts.

describe('the header’s アカウント設定 entry', () => {
  for (const [layout, width] of [
    ['desktop', 1024],
    ['phone', 390],
  ] as const) {
    it(`links to /account on a ${layout}, marked while it is shown`, async () => {
      window.innerWidth = width;
      const { user, router } = renderWithProviders(<AppLayout />, { path: '/top', session: {} });
      const header = screen.getByRole('banner');
      const link = within(header).getByRole('link', { name: 'アカウント設定' });
      expect(link.getAttribute('href')).toBe('/account');
      expect(link.getAttribute('aria-current')).toBeNull();
      await user.click(link);
      expect(router.state.location.pathname).toBe('/account');
      expect(
        within(screen.getByRole('banner'))
          .getByRole('link', { name: 'アカウント設定' })
          .getAttribute('aria-current'),
      ).toBe('page');
    });
  }
});
