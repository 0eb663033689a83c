import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../server/storage/s3-storage';
import { startS3rver } from '../support/s3rver';
import { bearer, signIn } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// The whole app on the S3 driver (S3_ENDPOINT set): the demo seed writes the buckets through it,
// the shared-files calls list them and hand out presigned URLs of the store itself.

let t: TestApp;
let token: string;
let otherToken: string;
let s3rverDir: string;
let stopS3rver: () => Promise<void>;

beforeAll(async () => {
  s3rverDir = mkdtempSync(join(tmpdir(), 'api-s3rver-'));
  const s3rver = await startS3rver(s3rverDir);
  stopS3rver = () => s3rver.stop();
  const port = s3rver.port;
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 5 },
    env: {
      RATE_LIMIT_IP_PER_MINUTE: '100000',
      RATE_LIMIT_MAIL_PER_MINUTE: '100000',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_BUCKET_PREFIX: 'api-',
      DOWNLOAD_URL_TTL_SECONDS: '120',
    },
  });
  token = (await signIn(t.app, 'user@example.com')).token;
  otherToken = (await signIn(t.app, 'other@example.com')).token;
});

afterAll(async () => {
  await t?.close();
  await stopS3rver?.();
  if (s3rverDir) rmSync(s3rverDir, { recursive: true, force: true });
});

const post = (url: string, who: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(who), payload: { user_id: 1, ...payload } });

describe('the shared files on an S3-compatible store', () => {
  it('opens the S3 driver when S3_ENDPOINT is set, with the bucket prefix', async () => {
    expect(t.platform.storage).toBeInstanceOf(S3Storage);
    // The store holds api-portal-10001; the API still speaks of portal-10001.
    expect((await t.platform.storage.list('portal-10001', '')).map((e) => e.key)).toEqual([
      'Shared/',
      'Spec/',
    ]);
  });

  it('lists folders and pages the 120-entry folder', async () => {
    const root = await post('/api/v1/shared-file/get-shared-filename', token, {
      bucket_name: 'portal-10001',
      folder_name: '',
    });
    expect(root.statusCode).toBe(200);
    // (Not カタログ: s3rver, unlike S3, reports no common prefix for a folder holding only folders.)
    expect(root.json()).toContainEqual({
      file_name: '技術資料',
      file_path: '技術資料',
      is_dir: true,
    });
    const page = await post('/api/v1/shared-file/get-shared-filename', token, {
      bucket_name: 'portal-10001',
      folder_name: '施工事例写真',
      page: 2,
      page_size: 100,
    });
    expect(page.json()).toMatchObject({ total: 120, page: 2 });
    expect(page.json().items).toHaveLength(20);
    const empty = await post('/api/v1/shared-file/get-shared-filename', token, {
      bucket_name: 'portal-10001',
      folder_name: 'ありません',
    });
    expect(empty.statusCode).toBe(404);
  });

  it('hands out a presigned URL of the store that downloads the file under its Japanese name', async () => {
    const res = await post('/api/v1/shared-file/get-shared-url', token, {
      bucket_name: 'portal-10001',
      folder_name: 'カタログ/2026年版',
      file_name: '価格表2026.xlsx',
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.pathname).toBe(
      `/api-portal-10001/Shared/${encodeURIComponent('カタログ')}/${encodeURIComponent('2026年版')}/${encodeURIComponent('価格表2026.xlsx')}`,
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="_2026.xlsx"; filename*=UTF-8''%E4%BE%A1%E6%A0%BC%E8%A1%A82026.xlsx`,
    );
    // An xlsx file is a zip archive.
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
  });

  it('keeps the same authorization and path rules', async () => {
    const forbidden = await post('/api/v1/shared-file/get-shared-url', otherToken, {
      bucket_name: 'portal-10001',
      folder_name: '',
      file_name: 'はじめにお読みください.txt',
    });
    expect(forbidden.statusCode).toBe(403);
    const traversal = await post('/api/v1/shared-file/get-shared-filename', token, {
      bucket_name: 'portal-10001',
      folder_name: '../Spec',
    });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().code).toBe('INVALID_PATH');
  });

  it('has no local download route to serve: its URL answers 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/storage/download?b=portal-10001&k=Shared%2Fa.txt&name=a.txt&exp=9999999999&sig=x',
    });
    expect(res.statusCode).toBe(404);
  });
});
