import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// A server configured with one allowed prefix (docs/product.md §5 {host}); its own file because on PostgreSQL
// every test app empties the shared test database.
let strict: TestApp;
beforeAll(async () => {
  strict = await createTestApp({
    seed: { ledgerLinesPerCustomer: 2 },
    env: { URL_PREFIXES: 'https://www.example.co.jp/' },
  });
});
afterAll(async () => strict?.close());

describe('notice URL prefix', () => {
  it('only URLs starting with the configured prefix are accepted', async () => {
    const { token } = await signIn(strict.app, 'staff@example.com');
    const post = (url: string) =>
      strict.app.inject({
        method: 'POST',
        url: '/api/v1/notice/add-notice',
        payload: { title: 't', url },
        headers: bearer(token),
      });
    expect((await post('https://evil.example.com/')).statusCode).toBe(400);
    expect((await post('https://www.example.co.jp/news/1')).statusCode).toBe(200);
    const banner = await strict.app.inject({
      method: 'POST',
      url: '/api/v1/banner/add-banner',
      payload: {
        explanation: 'x',
        image_url: '/demo-assets/a.svg',
        destination_url: 'https://evil.example.com/',
      },
      headers: bearer(token),
    });
    expect(banner.statusCode).toBe(400);
  });
});
