import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../db/client';
import { apiErrorSchema } from '../../domain/api-error';
import { precompressFolder } from '../../scripts/precompress.mjs';
import { createTestApp, type TestApp } from './helpers/test-app';

const webRoot = mkdtempSync(join(tmpdir(), 'portal-web-root-'));
const BIG_SCRIPT = `${'export const 見出し = "屋根材ポータル";\n'.repeat(400)}`;
const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html lang="ja"><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(webRoot, 'assets', 'big-def456.js'), BIG_SCRIPT);
  precompressFolder(webRoot);
  t = await createTestApp({
    webRoot,
    env: { WEB_TITLE: '屋根材ポータル</title><script>', SUPPORT_EMAIL: 'help@example.jp' },
    logStream: { write: (line) => logLines.push(line) },
    beforeReady(app) {
      const api = app.withTypeProvider<ZodTypeProvider>();
      // Test-only routes that exercise the shared error handling.
      api.get('/api/v1/test-only/boom', async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app/server.ts:12');
      });
      api.post(
        '/api/v1/test-only/echo',
        { schema: { body: z.object({ mail: z.string().email(), count: z.number().int() }) } },
        async (request) => request.body,
      );
    },
  });
});

afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('health', () => {
  it('/healthz says the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('the web app', () => {
  it('renders the app with the configured product name and configuration for an unknown path', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/no/such/screen',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // The configured title is escaped, so it cannot end the <title> or open a script.
    expect(res.body).toContain('<title>屋根材ポータル&lt;/title&gt;&lt;script&gt;</title>');
    const match = res.body.match(/<script id="app-config" type="application\/json">(.*)<\/script>/);
    expect(match).not.toBeNull();
    expect(match![1]).not.toContain('</');
    const appConfig = JSON.parse(match![1]!);
    expect(appConfig.supportEmail).toBe('help@example.jp');
    expect(appConfig.webTitle).toBe('屋根材ポータル</title><script>');
  });

  it('serves the root path and built assets with a long cache lifetime', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('id="root"');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends a built script compressed to a browser that accepts it, as it was to one that does not', async () => {
    const url = '/assets/big-def456.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(BIG_SCRIPT) / 4);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(BIG_SCRIPT);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(BIG_SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('sends security headers with a CSP that allows only our own scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('names each request by an id unique across instances, or the balancer one, in X-Request-Id', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/healthz' });
    const second = await t.app.inject({ method: 'GET', url: '/healthz' });
    const uuid = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/;
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(forwarded.headers['x-request-id']).toBe('lb-7f3a.42');
    const odd = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': '<script>\nforged line' },
    });
    expect(odd.headers['x-request-id']).toMatch(uuid);
  });

  it('answers a missing asset with 404, not with the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the JSON error shape', () => {
  it('an unknown /api path answers 404 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/no-such-call',
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('NOT_FOUND');
  });

  it('a call with the wrong method answers 405 naming the methods the path takes', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/v1/notice/get-notice?x=1' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    const body = apiErrorSchema.parse(get.json());
    expect(body).toMatchObject({
      code: 'METHOD_NOT_ALLOWED',
      message: 'この操作はこのURLでは使えません。',
    });

    const post = await t.app.inject({ method: 'POST', url: '/readyz' });
    expect(post.statusCode).toBe(404); // outside /api: no route table to tell
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/spec/get-customer-bucket-name',
    });
    expect(deleted.statusCode).toBe(405);
    expect(String(deleted.headers.allow).split(', ').sort()).toEqual(['GET', 'HEAD']);
  });

  it('an unexpected failure answers 500 without the internal message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test-only/boom' });
    expect(res.statusCode).toBe(500);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(res.body).not.toContain('secret_table');
    expect(res.body).not.toContain('server.ts');
    expect(res.body).not.toContain('stack');
  });

  it('a body that breaks the schema answers 400 naming the fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test-only/echo',
      payload: { mail: 'not-a-mail', count: 'three' },
    });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fieldErrors?.map((f) => f.field).sort()).toEqual(['count', 'mail']);
  });

  it('malformed JSON answers 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test-only/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"mail": ',
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
  });
});

describe('request logs', () => {
  it('never contain authorization headers, cookies or tokens in the query', async () => {
    logLines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/no-such-call?token=abc-secret-token&page=2',
      headers: { authorization: 'Bearer eyJsecret.jwt.value', cookie: 'session=cookie-secret' },
    });
    const logs = logLines.join('\n');
    expect(logs).toContain('/api/v1/no-such-call');
    expect(logs).toContain('page=2');
    expect(logs).not.toContain('abc-secret-token');
    expect(logs).not.toContain('eyJsecret');
    expect(logs).not.toContain('cookie-secret');
  });
});

describe('OpenAPI', () => {
  it('is a valid OpenAPI 3 document listing every route the server has', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    await SwaggerParser.validate(structuredClone(doc));

    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const served = t.app.routeTable
      .filter((r) => r.documented && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(served).toEqual(
      expect.arrayContaining(['GET /healthz', 'GET /readyz', 'POST /api/v1/test-only/echo']),
    );
    for (const route of served) expect(documented).toContain(route);
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
  });
});

// On PostgreSQL the server's own setting applies.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database', () => {
  it('opens with the shared buffers of the configuration (the tests’ 16 MB)', async () => {
    expect(t.config.PGLITE_SHARED_BUFFERS_MB).toBe(16);
    const [row] = await queryRows<{ size: string }>(t.database.db, {
      sql: "select current_setting('shared_buffers') as size",
      params: [],
    });
    expect(row?.size).toBe('16MB');
  });
});

describe('readiness when the database is gone', () => {
  it('/readyz answers 503 once the database is closed', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const res = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
    } finally {
      // The database is already closed; close the server without closing it twice.
      other.database.close = async () => {};
      await other.close();
    }
  });
});
