import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identitySecret } from '../../server/identity/identity';
import { createLocalStorage } from '../../server/storage/local-storage';
import { bearer, signIn } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// The local driver's signed download URLs, served by GET /api/storage/download (no bearer token:
// the signature is the permission).

let t: TestApp;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 5 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
  userToken = (await signIn(t.app, 'user@example.com')).token;
});
afterAll(async () => t?.close());

async function urlOf(folder_name: string, file_name: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/shared-file/get-shared-url',
    headers: bearer(userToken),
    payload: { bucket_name: 'portal-10001', folder_name, file_name, user_id: 1 },
  });
  expect(res.statusCode).toBe(200);
  return res.json().url;
}

/** The path and query of a URL, as the browser would request it from this server. */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

const follow = (url: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: pathOf(url) });

describe('following a shared-file download URL', () => {
  it('downloads the file with its type, length and Japanese name as an attachment', async () => {
    const url = await urlOf('カタログ/2026年版', '総合カタログ2026.pdf');
    const res = await follow(url);
    expect(res.statusCode).toBe(200);
    const stored = await text(
      await t.platform.storage.getObjectStream(
        'portal-10001',
        'Shared/カタログ/2026年版/総合カタログ2026.pdf',
      ),
    );
    expect(res.body).toBe(stored);
    expect(res.body.startsWith('%PDF')).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toBe(
      `attachment; filename="_2026.pdf"; filename*=UTF-8''%E7%B7%8F%E5%90%88%E3%82%AB%E3%82%BF%E3%83%AD%E3%82%B02026.pdf`,
    );
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
    expect(decodeURIComponent(encoded)).toBe('総合カタログ2026.pdf');
  });

  it('downloads a name with spaces and a text file of the root', async () => {
    const manual = await follow(
      await urlOf('施工マニュアル/太陽光架台/SR-200', 'SR-200 施工マニュアル.pdf'),
    );
    expect(manual.statusCode).toBe(200);
    expect(manual.headers['content-disposition']).toContain(
      `filename="SR-200 _.pdf"; filename*=UTF-8''SR-200%20`,
    );
    const readme = await follow(await urlOf('', 'はじめにお読みください.txt'));
    expect(readme.statusCode).toBe(200);
    expect(readme.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(readme.body).toContain('共有資料');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await follow(await urlOf('技術資料', 'ロゴ.png'), 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.body).toBe('');
  });

  it('refuses an altered URL with 403 and gives nothing of the file', async () => {
    const url = new URL(await urlOf('カタログ/2026年版', '価格表2026.xlsx'));
    const altered: URL[] = [];
    const change = (edit: (u: URL) => void) => {
      const u = new URL(url);
      edit(u);
      altered.push(u);
    };
    change((u) => u.searchParams.set('k', 'Spec/SO-any.pdf'));
    change((u) => u.searchParams.set('b', 'portal-20001'));
    change((u) => u.searchParams.set('name', 'invoice.html'));
    change((u) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 86_400)));
    change((u) => {
      const sig = u.searchParams.get('sig')!;
      u.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    });
    for (const u of altered) {
      const res = await follow(u.href);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    const unsigned = new URL(url);
    unsigned.searchParams.delete('sig');
    expect((await follow(unsigned.href)).statusCode).toBe(400);
  });

  it('refuses an expired URL with 410 LINK_EXPIRED', async () => {
    // A URL signed an hour ago with this installation's secret and the usual 5-minute lifetime.
    const past = createLocalStorage(t.dataDir, {
      downloadSecret: await identitySecret(t.config, t.database.db),
      publicBaseUrl: t.config.publicBaseUrl,
      now: () => Date.now() - 3_600_000,
    });
    const url = await past.createDownloadUrl('portal-10001', 'Shared/はじめにお読みください.txt', {
      fileName: 'はじめにお読みください.txt',
      expiresInSeconds: t.config.DOWNLOAD_URL_TTL_SECONDS,
    });
    const res = await follow(url);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ statusCode: 410, code: 'LINK_EXPIRED' });
    expect(res.body).not.toContain('共有資料');

    // The same grant signed now works: only the time differs.
    const current = createLocalStorage(t.dataDir, {
      downloadSecret: await identitySecret(t.config, t.database.db),
    });
    const fresh = await current.createDownloadUrl(
      'portal-10001',
      'Shared/はじめにお読みください.txt',
      { fileName: 'はじめにお読みください.txt', expiresInSeconds: 60 },
    );
    expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);
  });

  it('answers 404 when the file was removed after the URL was made', async () => {
    await t.platform.storage.putObject('portal-10001', 'Shared/一時ファイル.txt', 'temporary');
    const url = await urlOf('', '一時ファイル.txt');
    rmSync(join(t.dataDir, 'storage', 'portal-10001', 'Shared', '一時ファイル.txt'));
    const res = await follow(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(res.body).not.toMatch(/Shared|portal-/);
  });

  it('is not part of the OpenAPI document: clients receive these URLs, they never build them', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/api/storage/download');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/shared-file/get-shared-filename',
        '/api/v1/shared-file/get-shared-url',
        '/api/v1/spec/get-customer-bucket-name',
        '/api/v1/spec/register-customer-folder-name',
      ]),
    );
  });
});
