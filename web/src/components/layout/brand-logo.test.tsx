import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG } from '../../lib/app-config';
import { renderWithProviders } from '../../testing/render';
import { BrandLogo } from './brand-logo';

describe('BrandLogo', () => {
  it('shows the configured logo (LOGO_URL) beside the product name, linking to the screen', () => {
    const { container } = renderWithProviders(<BrandLogo to="/top" />, {
      config: { ...DEFAULT_APP_CONFIG, logoUrl: '/brand/logo.svg' },
    });
    const link = screen.getByRole('link', { name: 'お客様ポータル' });
    expect(link.getAttribute('href')).toBe('/top');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/brand/logo.svg');
    expect(container.querySelector('svg')).toBeNull();
  });

  it('shows the product’s own mark when no logo is configured', () => {
    const { container } = renderWithProviders(<BrandLogo to="/top" showName={false} />);
    expect(screen.getByRole('link', { name: 'お客様ポータル' })).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
