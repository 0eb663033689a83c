import { expect as baseExpect, type Page, type Route } from '@playwright/test';
import { loginAs } from './support/login-as';
import { test } from './support/test';

// Saves, reloads and sign-ins take a few seconds on a busy machine; no step waits longer than it must.
const expect = baseExpect.configure({ timeout: 15_000 });

const STAMP = '2026-01-05T00:00:00.000Z';

/** Extra banners put in front of the server's real answer, to see how many the page shows. */
function withExtraBanners(count: number) {
  return async (route: Route) => {
    const response = await route.fetch();
    const real = (await response.json()) as unknown[];
    const extra = Array.from({ length: count }, (_, i) => ({
      id: 900_000 + i,
      user_id: null,
      explanation: `表示数確認バナー${i + 1}`,
      image_url: '/demo-assets/banner-solar-mounting.svg',
      destination_url: 'https://example.com/',
      created_at: STAMP,
      updated_at: STAMP,
    }));
    await route.fulfill({ response, json: [...extra, ...real].slice(0, 5) });
  };
}

const bannerImages = (page: Page) =>
  page
    .getByRole('region', { name: 'ご案内' })
    .getByRole('img', { name: /バナー|SR-200|キャンペーン/ });

test.describe('the top page', () => {
  // Each test signs in through the form (one or two people) and saves several times.
  test.describe.configure({ timeout: 90_000 });

  test('a general user sees the notices, the fixed tiles and the banners', async ({ page }) => {
    await loginAs(page, 'user');
    await expect(page).toHaveTitle('お客様ポータル | TOP');

    const pickUp = page.getByRole('region', { name: 'PICK UP!' });
    const notice = pickUp.getByRole('link', {
      name: /太陽光架台 SR-200 シリーズ 価格改定のお知らせ/,
    });
    await expect(notice).toHaveAttribute('href', 'https://example.com/news/sr-200-price-revision');
    await expect(notice).toHaveAttribute('target', '_blank');
    await expect(notice).toHaveAttribute('rel', /noopener/);
    await expect(pickUp.getByText(/^\d{4}\/\d{2}\/\d{2}$/).first()).toBeVisible();

    const area = page.getByRole('region', { name: 'ご案内' });
    await expect(area.getByRole('link', { name: /図面・防火認定書/ })).toHaveAttribute(
      'href',
      'https://example.com/drawings',
    );
    await expect(area.getByText('roof2025')).toBeVisible();
    await expect(area.getByText('準備中')).toBeVisible();
    await expect(area.getByRole('link', { name: /金具計算/ })).toHaveCount(0);

    const banner = area.getByRole('link', {
      name: '太陽光架台 SR-200 シリーズ 新登場 （新しいタブで開きます）',
    });
    await expect(banner).toHaveAttribute('href', 'https://example.com/products/sr-200');
    await expect(banner).toHaveAttribute('target', '_blank');
    const image = banner.getByRole('img');
    await expect(image).toBeVisible();
    // Laid out is not loaded: wait for the picture itself (a broken image stays at width 0).
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
  });

  test('a desktop shows at most four banners and a phone all five', async ({ page, isMobile }) => {
    await page.route('**/api/v1/banner/get-banner', withExtraBanners(3));
    await loginAs(page, 'user');
    await expect(bannerImages(page).first()).toBeVisible();
    await expect(bannerImages(page)).toHaveCount(isMobile ? 5 : 4);
  });

  test('a notice title of one long unbroken run wraps inside the list, the page as wide as the window', async ({
    page,
  }) => {
    const title = `品番一覧${'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.repeat(4)}`;
    await page.route('**/api/v1/notice/get-notice', async (route) => {
      const response = await route.fetch();
      const real = (await response.json()) as { display_at: string }[];
      const long = { ...real[0]!, id: 900_001, title, url: 'https://example.com/long' };
      await route.fulfill({ response, json: [long, ...real].slice(0, 10) });
    });
    await loginAs(page, 'user');
    const notice = page.getByRole('link', { name: new RegExp(title) });
    await expect(notice).toBeVisible();
    // The device's width, not innerWidth: a phone zooms out to a page wider than its screen.
    const screenWidth = page.viewportSize()!.width;
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(screenWidth);
    const box = (await notice.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(screenWidth);
  });

  test('shows the company-home tile when there are no banners @desktop-only', async ({ page }) => {
    await page.route('**/api/v1/banner/get-banner', (route) => route.fulfill({ json: [] }));
    await loginAs(page, 'user');
    await expect(
      page.getByRole('region', { name: 'ご案内' }).getByRole('link', { name: /会社ホームページ/ }),
    ).toHaveAttribute('href', 'https://example.com/');
  });
});
