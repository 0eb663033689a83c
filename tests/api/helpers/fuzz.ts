import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../domain/api-error';
import type { RouteEntry } from '../../../server/app';
import { asQuery, inputsOf, stringOf } from './arbitrary-from-schema';
import { apiKey, bearer, signIn } from './auth';
import { createTestApp, type TestApp } from './test-app';

// Every route with inputs receives FUZZ_RUNS (default 1,000) requests generated from its own zod
// schema and mutations of them, as staff, as a general user and without a token: no answer may be
// a 5xx, every error must be the JSON error shape, and no promise may be left rejected unhandled
// (vitest fails the run on one). Fixed cases add broken JSON, wrong content types and empty bodies.

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

function urlWithParams(url: string, params: unknown): string {
  const values = (typeof params === 'object' && params !== null ? params : {}) as Record<
    string,
    unknown
  >;
  return url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(values[name] == null ? 'x' : stringOf(values[name])),
  );
}

/** The error shape with nothing more (made once: zod compiles each schema on its first parse). */
const strictErrorSchema = apiErrorSchema.strict();

function problemsOf(res: Awaited<ReturnType<TestApp['app']['inject']>>): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 400) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return `error answer is not JSON: ${res.body.slice(0, 300)}`;
    }
    const parsed = strictErrorSchema.safeParse(body);
    if (!parsed.success) return `not the error shape: ${res.body.slice(0, 300)}`;
    if (/\bat \S+ \(|SELECT |INSERT |node_modules/i.test(res.body)) {
      return `internals in the answer: ${res.body.slice(0, 300)}`;
    }
  }
  return null;
}

/** The routes of each fuzz test file: together they must hold every route with inputs. */
export const FUZZ_GROUPS = {
  ordersAndFiles: (url: string) =>
    url.startsWith('/api/v1/spec/') ||
    url.startsWith('/api/v1/invoices') ||
    url.startsWith('/api/v1/documents') ||
    url.startsWith('/api/v1/shared-file/') ||
    url.startsWith('/api/storage/') ||
    url.startsWith('/api/documents/'),
  usersAndTop: (url: string) =>
    url.startsWith('/api/v1/user/') ||
    url.startsWith('/api/v1/notice/') ||
    url.startsWith('/api/v1/banner/') ||
    url.startsWith('/api/v1/account') ||
    url.startsWith('/api/v1/audit') ||
    url.startsWith('/api/v1/inquiries'),
};

/**
 * The fuzz suite over the routes of one group (the routes are split over two test files so that
 * they run side by side on PGlite).
 */
export function describeFuzz(title: string, group: keyof typeof FUZZ_GROUPS): void {
  const include = FUZZ_GROUPS[group];
  let t: TestApp;
  const headersOf: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestApp({
      seed: { ledgerLinesPerCustomer: 30 },
      env: { RATE_LIMIT_IP_PER_MINUTE: '100000000', RATE_LIMIT_MAIL_PER_MINUTE: '100000000' },
    });
    headersOf.staff = bearer((await signIn(t.app, 'staff@example.com')).token);
    headersOf.user = bearer((await signIn(t.app, 'user@example.com')).token);
    headersOf.anonymous = {};
  });
  afterAll(async () => t?.close());

  /** Routes whose inputs have a schema of ours (the identity provider's own routes are not ours). */
  const withInputs = () =>
    t.app.routeTable.filter(
      (r) =>
        r.method !== 'HEAD' &&
        !r.url.startsWith('/api/auth') &&
        (r.inputs.body !== undefined ||
          r.inputs.querystring !== undefined ||
          r.inputs.params !== undefined),
    );
  const fuzzedRoutes = (): RouteEntry[] => withInputs().filter((r) => include(r.url));

  describe(title, () => {
    it('every route with inputs in the route table belongs to a fuzz group', () => {
      const all = withInputs();
      expect(all.length).toBeGreaterThan(30);
      const outside = all.filter((r) => !Object.values(FUZZ_GROUPS).some((g) => g(r.url)));
      expect(outside.map((r) => `${r.method} ${r.url}`)).toEqual([]);
      expect(fuzzedRoutes().length).toBeGreaterThan(10);
    });
    it(`each route answers ${RUNS} generated requests with no 5xx and only the error shape`, async () => {
      const routes = fuzzedRoutes();
      const failures: string[] = [];
      const timings: Record<string, number> = {};
      for (const route of routes) {
        const started = performance.now();
        const preLogin = route.url.startsWith('/api/v1/user/') && /lock|by-mail/.test(route.url);
        const isCsv =
          route.inputs.body !== undefined &&
          (route.inputs.body as { type?: string }).type === 'string';
        const input = fc.record({
          who: fc.constantFrom('staff', 'staff', 'user', 'anonymous'),
          body: route.inputs.body ? inputsOf(route.inputs.body) : fc.constant(undefined),
          query: route.inputs.querystring
            ? inputsOf(route.inputs.querystring)
            : fc.constant(undefined),
          params: route.inputs.params ? inputsOf(route.inputs.params) : fc.constant(undefined),
        });
        await fc
          .assert(
            fc.asyncProperty(input, async ({ who, body, query, params }) => {
              const headers: Record<string, string> = preLogin
                ? who === 'anonymous'
                  ? {}
                  : apiKey(t.config)
                : { ...headersOf[who] };
              const request: InjectOptions = {
                method: route.method as InjectOptions['method'],
                url: urlWithParams(route.url, params),
                headers,
              };
              if (query !== undefined) request.query = asQuery(query);
              if (body !== undefined && route.method !== 'GET') {
                if (isCsv && typeof body === 'string') {
                  headers['content-type'] = 'text/csv; charset=utf-8';
                  request.payload = body;
                } else {
                  headers['content-type'] = 'application/json';
                  request.payload = JSON.stringify(body);
                }
              }
              const res = await t.app.inject(request);
              const problem = problemsOf(res);
              if (problem) {
                failures.push(`${route.method} ${route.url} as ${who}: ${problem}`);
                return false;
              }
              return true;
            }),
            { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
          )
          .catch((error: Error) => {
            failures.push(
              `${route.method} ${route.url}: ${error.message.split('\n').slice(0, 4).join(' ')}`,
            );
          });
        timings[`${route.method} ${route.url}`] = Math.round(performance.now() - started);
      }
      if (process.env.FUZZ_TIMINGS) console.table(timings);
      expect(failures).toEqual([]);
    }, 900_000);

    it('broken JSON, wrong content types and empty bodies get a 4xx in the error shape', async () => {
      const failures: string[] = [];
      const bodyRoutes = fuzzedRoutes().filter((r) => r.inputs.body !== undefined);
      const cases: { contentType?: string; payload?: string }[] = [
        { contentType: 'application/json', payload: '{"customer_code": 10001,' },
        { contentType: 'application/json', payload: '' },
        { contentType: 'application/json', payload: 'null' },
        { contentType: 'application/json', payload: '[]' },
        { contentType: 'application/json', payload: '"text"' },
        { contentType: 'application/json', payload: '{"__proto__": {"isStaff": true}}' },
        { contentType: 'text/plain', payload: 'customer_code=10001' },
        { contentType: 'application/x-www-form-urlencoded', payload: 'customer_code=10001' },
        { contentType: 'application/json', payload: `{"a":"${'x'.repeat(1_100_000)}"}` },
        {},
      ];
      for (const route of bodyRoutes) {
        for (const c of cases) {
          const res = await t.app.inject({
            method: route.method as InjectOptions['method'],
            url: urlWithParams(route.url, {}),
            headers: {
              ...headersOf.staff,
              ...apiKey(t.config),
              ...(c.contentType ? { 'content-type': c.contentType } : {}),
            },
            ...(c.payload !== undefined ? { payload: c.payload } : {}),
          });
          const problem = problemsOf(res);
          if (problem) failures.push(`${route.method} ${route.url} ${c.contentType}: ${problem}`);
          else if (res.statusCode === 200 && c.payload?.startsWith('{"customer_code": 10001,')) {
            failures.push(`${route.method} ${route.url}: broken JSON accepted`);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 300_000);
  });
}
