import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../../server/plugins/error-handler';
import { storageDownloadRoutes } from '../../server/routes/storage-download';
import { createLocalStorage } from '../../server/storage/local-storage';
import { S3Storage } from '../../server/storage/s3-storage';
import {
  compareObjectKeys,
  InvalidObjectKeyError,
  ObjectNotFoundError,
  type ObjectStorage,
} from '../../server/storage/storage-port';
import { startS3rver } from '../support/s3rver';

// One contract, two drivers (docs/product.md §10): the local directory driver with its signed URLs served
// by the API route, and the S3 driver against an s3rver on loopback (path-style).

interface Harness {
  storage: ObjectStorage;
  /** Fetches a download URL the driver made (the local driver's are origin-relative). */
  fetchUrl(url: string): Promise<Response>;
  /** Moves the driver's clock (signing only, for the S3 driver) by this many milliseconds. */
  setClockOffset(ms: number): void;
  close(): Promise<void>;
}

interface DriverCase {
  name: string;
  /** s3rver does not check V4 signatures (only their expiry): a tampered URL is tested where it can be. */
  checksSignatures: boolean;
  open(): Promise<Harness>;
}

async function openLocal(): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storage-contract-local-'));
  let offset = 0;
  const storage = createLocalStorage(dataDir, {
    downloadSecret: 'contract-test-secret-0123456789abcdef',
    now: () => Date.now() + offset,
  });
  // The download route on a real loopback port, as the browser would reach it.
  const app: FastifyInstance = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(storageDownloadRoutes, { storage });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    storage,
    fetchUrl: (url) => fetch(new URL(url, base)),
    setClockOffset: (ms) => {
      offset = ms;
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openS3(): Promise<Harness> {
  const directory = mkdtempSync(join(tmpdir(), 'storage-contract-s3rver-'));
  const server = await startS3rver(directory);
  const port = server.port;
  let offset = 0;
  const storage = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    bucketPrefix: 'contract-',
    now: () => Date.now() + offset,
    // Small pages, so that a few dozen keys take several ListObjectsV2 calls.
    listPageSize: 7,
  });
  return {
    storage,
    fetchUrl: (url) => fetch(url),
    setClockOffset: (ms) => {
      offset = ms;
    },
    async close() {
      await storage.close();
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

const drivers: DriverCase[] = [
  { name: 'local directory driver', checksSignatures: true, open: openLocal },
  { name: 'S3 driver (s3rver on loopback)', checksSignatures: false, open: openS3 },
];

const TRAVERSAL_KEYS = [
  '../outside.txt',
  'Shared/../../outside.txt',
  'Shared/./x.txt',
  '/etc/passwd',
  'Shared//x.txt',
  'Shared\\..\\x.txt',
  'Shared/x\u0000.txt',
  'Shared/a\nb.txt',
  '',
];

/** RFC 5987: UTF-8''<percent-encoded> back to the name. */
function extendedFileName(disposition: string | null): string | undefined {
  const match = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? '');
  return match ? decodeURIComponent(match[1]!) : undefined;
}

describe.each(drivers)('object storage contract: $name', (driver) => {
  let h: Harness;
  let s: ObjectStorage;
  let n = 0;
  /** A fresh bucket per test, so that the tests do not see each other's objects. */
  const freshBucket = () => `portal-contract-${++n}`;

  beforeAll(async () => {
    h = await driver.open();
    s = h.storage;
  });
  afterAll(async () => h?.close());

  it('writes buffers, strings and streams under Japanese keys and reads them back', async () => {
    const b = freshBucket();
    await s.putObject(b, 'Spec/請求書_SO1.pdf', Buffer.from('%PDF-1.4 請求書'));
    await s.putObject(b, 'Shared/カタログ/2026年版/価格表.xlsx', 'こんにちは');
    await s.putObject(b, 'Shared/stream.txt', Readable.from(['from ', 'stream']));
    expect(await text(await s.getObjectStream(b, 'Spec/請求書_SO1.pdf'))).toBe('%PDF-1.4 請求書');
    expect(await text(await s.getObjectStream(b, 'Shared/カタログ/2026年版/価格表.xlsx'))).toBe(
      'こんにちは',
    );
    expect(await text(await s.getObjectStream(b, 'Shared/stream.txt'))).toBe('from stream');
  });

  it('replaces an existing object', async () => {
    const b = freshBucket();
    await s.putObject(b, 'Shared/x.txt', 'one');
    await s.putObject(b, 'Shared/x.txt', 'two!');
    expect(await text(await s.getObjectStream(b, 'Shared/x.txt'))).toBe('two!');
    expect((await s.headObject(b, 'Shared/x.txt'))?.size).toBe(4);
  });

  it('tells whether objects and folders exist', async () => {
    const b = freshBucket();
    await s.putObject(b, 'Shared/カタログ/2026年版/価格表.xlsx', 'x');
    expect(await s.exists(b, 'Shared/カタログ/2026年版/価格表.xlsx')).toBe(true);
    expect(await s.exists(b, 'Shared/カタログ/')).toBe(true);
    expect(await s.exists(b, 'Shared/カタログ')).toBe(false);
    expect(await s.exists(b, 'Shared/none.pdf')).toBe(false);
    expect(await s.exists(b, 'Shared/カタログ/2026年版/価格表.xlsx/')).toBe(false);
    expect(await s.exists('portal-never-made', 'Shared/none.pdf')).toBe(false);
  });

  it('gives the size and time of an object, and null for a folder or a missing object', async () => {
    const b = freshBucket();
    const before = Date.now();
    await s.putObject(b, 'Shared/図面/SR-200.pdf', Buffer.alloc(1234, 7));
    const head = await s.headObject(b, 'Shared/図面/SR-200.pdf');
    expect(head?.size).toBe(1234);
    // Stores keep whole seconds.
    expect(head!.lastModified.getTime()).toBeGreaterThanOrEqual(before - 2000);
    expect(head!.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    expect(await s.headObject(b, 'Shared/図面/')).toBeNull();
    expect(await s.headObject(b, 'Shared/図面')).toBeNull();
    expect(await s.headObject(b, 'Shared/none.pdf')).toBeNull();
    expect(await s.headObject('portal-never-made', 'Shared/none.pdf')).toBeNull();
  });

  it('lists one level below a prefix, folders as entries, sorted by key', async () => {
    const b = freshBucket();
    await s.putObject(b, 'Shared/b.pdf', 'b');
    await s.putObject(b, 'Shared/a.pdf', 'a');
    await s.putObject(b, 'Shared/カタログ/2026年版/総合.pdf', 'c');
    // s3rver reports a common prefix only for a folder that holds an object itself (S3 does not
    // need this one).
    await s.putObject(b, 'Shared/カタログ/表紙.pdf', 'c');
    await s.putObject(b, 'Shared/𠮷野家.txt', 'outside the BMP');
    await s.putObject(b, 'Shared/ｱｲｳ.txt', 'half-width kana');
    await s.putObject(b, 'Spec/請求書.pdf', 'd');

    const shared = await s.list(b, 'Shared/');
    expect(shared).toEqual([
      { key: 'Shared/a.pdf', isDir: false },
      { key: 'Shared/b.pdf', isDir: false },
      { key: 'Shared/カタログ/', isDir: true },
      { key: 'Shared/ｱｲｳ.txt', isDir: false },
      { key: 'Shared/𠮷野家.txt', isDir: false },
    ]);
    expect([...shared].sort((x, y) => compareObjectKeys(x.key, y.key))).toEqual(shared);
    expect(await s.list(b, '')).toEqual([
      { key: 'Shared/', isDir: true },
      { key: 'Spec/', isDir: true },
    ]);
    expect(await s.list(b, 'Shared/カタ')).toEqual([{ key: 'Shared/カタログ/', isDir: true }]);
    expect(await s.list(b, 'Shared/カタログ/')).toEqual([
      { key: 'Shared/カタログ/2026年版/', isDir: true },
      { key: 'Shared/カタログ/表紙.pdf', isDir: false },
    ]);
    expect(await s.list(b, 'Shared/missing/')).toEqual([]);
    expect(await s.list('portal-never-made', 'Shared/')).toEqual([]);
  });

  it('lists every entry of a folder that takes several listing pages', async () => {
    const b = freshBucket();
    const keys = Array.from(
      { length: 40 },
      (_, i) => `Shared/写真/${String(i).padStart(3, '0')}.png`,
    );
    await Promise.all(keys.map((key) => s.putObject(b, key, 'p')));
    await s.putObject(b, 'Shared/写真/999/', '');
    await s.putObject(b, 'Shared/写真/998/a.png', 'p');
    const listed = await s.list(b, 'Shared/写真/');
    expect(listed.map((e) => e.key)).toEqual([...keys, 'Shared/写真/998/', 'Shared/写真/999/']);
    expect(await s.exists(b, 'Shared/写真/')).toBe(true);
    await s.deleteBucket(b);
    expect(await s.list(b, '')).toEqual([]);
  });

  it('keeps an empty folder written as a folder marker', async () => {
    const b = freshBucket();
    await s.putObject(b, 'Shared/', '');
    await s.putObject(b, 'Shared/空のフォルダ/', '');
    expect(await s.exists(b, 'Shared/')).toBe(true);
    expect(await s.exists(b, 'Shared/空のフォルダ/')).toBe(true);
    expect(await s.list(b, 'Shared/')).toEqual([{ key: 'Shared/空のフォルダ/', isDir: true }]);
    expect(await s.list(b, 'Shared/空のフォルダ/')).toEqual([]);
    expect(await s.list(b, '')).toEqual([{ key: 'Shared/', isDir: true }]);
  });

  it('rejects reading a missing object, a folder or a path below a file with ObjectNotFoundError', async () => {
    const b = freshBucket();
    await s.putObject(b, 'Shared/folder/file.txt', 'x');
    for (const key of [
      'Shared/none.txt',
      'Shared/folder',
      'Shared/folder/',
      'Shared/folder/file.txt/more',
    ]) {
      await expect(s.getObjectStream(b, key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    }
    await expect(s.getObjectStream('portal-never-made', 'Shared/x')).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
  });

  it('deletes a whole bucket and nothing else', async () => {
    const b = freshBucket();
    const other = freshBucket();
    await s.putObject(b, 'Shared/a/b.txt', 'x');
    await s.putObject(b, 'Shared/', '');
    await s.putObject(b, 'Spec/c.pdf', 'y');
    await s.putObject(other, 'Shared/c.txt', 'z');
    await s.deleteBucket(b);
    await s.deleteBucket('portal-never-made');
    expect(await s.list(b, '')).toEqual([]);
    expect(await s.exists(b, 'Spec/c.pdf')).toBe(false);
    expect(await s.exists(other, 'Shared/c.txt')).toBe(true);
    // A deleted bucket can be written again.
    await s.putObject(b, 'Shared/again.txt', 'again');
    expect(await text(await s.getObjectStream(b, 'Shared/again.txt'))).toBe('again');
  });

  it('makes a short-lived URL that downloads the file as an attachment with its Japanese name', async () => {
    const b = freshBucket();
    const body = Buffer.from('%PDF-1.4 施工マニュアル');
    await s.putObject(b, 'Shared/施工マニュアル/SR-200 施工マニュアル.pdf', body);
    const url = await s.createDownloadUrl(b, 'Shared/施工マニュアル/SR-200 施工マニュアル.pdf', {
      fileName: 'SR-200 施工マニュアル.pdf',
      expiresInSeconds: 60,
    });
    const res = await h.fetchUrl(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const disposition = res.headers.get('content-disposition');
    expect(disposition).toBe(
      `attachment; filename="SR-200 _.pdf"; filename*=UTF-8''SR-200%20%E6%96%BD%E5%B7%A5%E3%83%9E%E3%83%8B%E3%83%A5%E3%82%A2%E3%83%AB.pdf`,
    );
    expect(extendedFileName(disposition)).toBe('SR-200 施工マニュアル.pdf');
  });

  it('names the download by the file name given, whatever the key', async () => {
    const b = freshBucket();
    await s.putObject(b, 'Spec/SO2406-000123_1.pdf', 'invoice');
    const url = await s.createDownloadUrl(b, 'Spec/SO2406-000123_1.pdf', {
      fileName: "請求書 (6月分) '2026'.pdf",
      expiresInSeconds: 60,
    });
    const res = await h.fetchUrl(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('invoice');
    const disposition = res.headers.get('content-disposition');
    expect(extendedFileName(disposition)).toBe("請求書 (6月分) '2026'.pdf");
    // The ASCII fallback keeps the extension and carries nothing that ends the quoted string.
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x21\x23-\x7e]*\.pdf"; filename\*=/);
  });

  it('refuses an expired download URL', async () => {
    const b = freshBucket();
    await s.putObject(b, 'Shared/old.txt', 'secret');
    h.setClockOffset(-3_600_000);
    const url = await s.createDownloadUrl(b, 'Shared/old.txt', {
      fileName: 'old.txt',
      expiresInSeconds: 60,
    });
    h.setClockOffset(0);
    const res = await h.fetchUrl(url);
    expect([403, 410]).toContain(res.status);
    expect(await res.text()).not.toContain('secret');
  });

  it.skipIf(!driver.checksSignatures)(
    'refuses a download URL whose signature or fields were altered',
    async () => {
      const b = freshBucket();
      await s.putObject(b, 'Shared/a.txt', 'A');
      await s.putObject(b, 'Shared/b.txt', 'B');
      const url = await s.createDownloadUrl(b, 'Shared/a.txt', {
        fileName: 'a.txt',
        expiresInSeconds: 60,
      });
      const tamper = (edit: (u: URL) => void) => {
        const u = new URL(url, 'http://placeholder');
        edit(u);
        return url.startsWith('/') ? `${u.pathname}${u.search}` : u.href;
      };
      const altered = [
        tamper((u) => u.searchParams.set('k', 'Shared/b.txt')),
        tamper((u) => u.searchParams.set('name', 'b.txt')),
        tamper((u) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600))),
        tamper((u) => {
          // The first character: all six of its bits count (the last one's low bits may not).
          const sig = u.searchParams.get('sig')!;
          u.searchParams.set('sig', `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
        }),
        tamper((u) => u.searchParams.delete('sig')),
      ];
      for (const bad of altered) {
        const res = await h.fetchUrl(bad);
        expect([400, 403]).toContain(res.status);
        expect(await res.text()).not.toMatch(/^[AB]$/);
      }
    },
  );

  it.each(TRAVERSAL_KEYS)('refuses the key %j in every call', async (key) => {
    const b = freshBucket();
    const refused = expect.any(InvalidObjectKeyError);
    await expect(s.putObject(b, key, 'x')).rejects.toEqual(refused);
    await expect(s.getObjectStream(b, key)).rejects.toEqual(refused);
    await expect(s.exists(b, key)).rejects.toEqual(refused);
    await expect(s.headObject(b, key)).rejects.toEqual(refused);
    await expect(
      s.createDownloadUrl(b, key, { fileName: 'x.txt', expiresInSeconds: 60 }),
    ).rejects.toEqual(refused);
    if (key !== '') await expect(s.list(b, key)).rejects.toEqual(refused);
  });

  it.each(['..', '.tmp', 'Portal', 'a', '../x', 'portal/10001', ''])(
    'refuses the bucket name %j',
    async (bucket) => {
      await expect(s.putObject(bucket, 'Shared/x.txt', 'x')).rejects.toBeInstanceOf(
        InvalidObjectKeyError,
      );
      await expect(s.list(bucket, 'Shared/')).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(s.deleteBucket(bucket)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    },
  );

  it('refuses a download URL of a folder or under an unsafe file name', async () => {
    const b = freshBucket();
    await expect(
      s.createDownloadUrl(b, 'Shared/folder/', { fileName: 'folder', expiresInSeconds: 60 }),
    ).rejects.toBeInstanceOf(InvalidObjectKeyError);
    for (const fileName of [
      '',
      'a/b.pdf',
      'a\\b.pdf',
      'a\r\nSet-Cookie: x=1.pdf',
      'x'.repeat(256),
    ]) {
      await expect(
        s.createDownloadUrl(b, 'Shared/x.pdf', { fileName, expiresInSeconds: 60 }),
      ).rejects.toBeInstanceOf(InvalidObjectKeyError);
    }
    await expect(
      s.createDownloadUrl(b, 'Shared/x.pdf', { fileName: 'x.pdf', expiresInSeconds: 0 }),
    ).rejects.toBeInstanceOf(RangeError);
  });
});
