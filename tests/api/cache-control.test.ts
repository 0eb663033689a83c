import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, bearer, cookieHeaderOf, DEMO_PASSWORD, signIn } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// Every answer of the API is private (a person's data, a token, a path): `Cache-Control: no-store`
// on each, whatever its status, so that no browser, proxy or shared cache keeps one.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 2 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
});
afterAll(async () => t?.close());

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;
const noStore = (res: Answer) => String(res.headers['cache-control'] ?? '').split(/,\s*/);

describe('private answers are not stored by any cache', () => {
  it('every route of the OpenAPI document answers no-store, signed in or not', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const { token } = await signIn(t.app, 'staff@example.com');
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(operations.length).toBeGreaterThan(25);
    const succeeded: string[] = [];
    for (const { method, path } of operations) {
      const url = path.replace(/\{(\w+)\}/g, '1');
      for (const headers of [{ ...bearer(token), ...apiKey(t.config) }, {}]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(noStore(res), `${method} ${path} → ${res.statusCode}`).toContain('no-store');
        if (res.statusCode < 300) succeeded.push(`${method} ${path}`);
      }
    }
    // The private reads named by the review among the answers seen whole, not only refusals.
    expect(succeeded).toEqual(
      expect.arrayContaining([
        'GET /api/v1/account',
        'GET /api/v1/top/drawings',
        'GET /api/v1/account/sign-ins',
      ]),
    );
  });

  it('every identity route answers no-store to a signed-in browser', async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'user@example.com', password: DEMO_PASSWORD },
    });
    expect(noStore(signedIn)).toContain('no-store');
    const cookie = cookieHeaderOf(signedIn.headers['set-cookie']);
    // The token itself, answered whole.
    const token = await t.app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { cookie },
    });
    expect(token.statusCode).toBe(200);
    expect(noStore(token)).toContain('no-store');
    // The sign-out, which ends the session, last.
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/auth/') && r.method !== 'HEAD')
      .sort((a, b) => Number(a.url.endsWith('/sign-out')) - Number(b.url.endsWith('/sign-out')));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, 'x'),
        headers: { cookie, origin: t.config.publicBaseUrl },
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      expect(noStore(res), `${route.method} ${route.url} → ${res.statusCode}`).toContain(
        'no-store',
      );
    }
  });
});
