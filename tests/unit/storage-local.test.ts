import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, type LocalStorage } from '../../server/storage/local-storage';
import { InvalidObjectKeyError, ObjectNotFoundError } from '../../server/storage/storage-port';

let dataDir: string;
let storage: LocalStorage;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'storage-local-'));
  storage = createLocalStorage(dataDir);
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local object storage', () => {
  it('stores objects under <dataDir>/storage/<bucket>/<key> and reads them back', async () => {
    await storage.putObject('portal-10001', 'Spec/請求書_SO1.pdf', Buffer.from('%PDF-1.4'));
    await storage.putObject('portal-10001', 'Shared/a/b/note.txt', 'こんにちは');
    await storage.putObject(
      'portal-10001',
      'Shared/stream.txt',
      Readable.from(['from ', 'stream']),
    );

    expect(readdirSync(join(dataDir, 'storage', 'portal-10001', 'Spec'))).toEqual([
      '請求書_SO1.pdf',
    ]);
    expect(await text(await storage.getObjectStream('portal-10001', 'Shared/a/b/note.txt'))).toBe(
      'こんにちは',
    );
    expect(await text(await storage.getObjectStream('portal-10001', 'Shared/stream.txt'))).toBe(
      'from stream',
    );
  });

  it('replaces an existing object and leaves no temporary files behind', async () => {
    await storage.putObject('portal-10001', 'Shared/x.txt', 'one');
    await storage.putObject('portal-10001', 'Shared/x.txt', 'two');
    expect(await text(await storage.getObjectStream('portal-10001', 'Shared/x.txt'))).toBe('two');
    expect(readdirSync(join(dataDir, 'storage', '.tmp'))).toEqual([]);
  });

  it('tells whether objects and folders exist', async () => {
    await storage.putObject('portal-10001', 'Shared/カタログ/2026年版/価格表.xlsx', 'x');
    expect(await storage.exists('portal-10001', 'Shared/カタログ/2026年版/価格表.xlsx')).toBe(true);
    expect(await storage.exists('portal-10001', 'Shared/カタログ/')).toBe(true);
    expect(await storage.exists('portal-10001', 'Shared/カタログ')).toBe(false);
    expect(await storage.exists('portal-10001', 'Shared/none.pdf')).toBe(false);
    expect(await storage.exists('portal-99999', 'Shared/none.pdf')).toBe(false);
  });

  it('lists one level below a prefix, folders first-class and sorted by key', async () => {
    await storage.putObject('portal-10001', 'Shared/b.pdf', 'b');
    await storage.putObject('portal-10001', 'Shared/a.pdf', 'a');
    await storage.putObject('portal-10001', 'Shared/カタログ/2026年版/総合.pdf', 'c');
    await storage.putObject('portal-10001', 'Spec/請求書.pdf', 'd');

    expect(await storage.list('portal-10001', 'Shared/')).toEqual([
      { key: 'Shared/a.pdf', isDir: false },
      { key: 'Shared/b.pdf', isDir: false },
      { key: 'Shared/カタログ/', isDir: true },
    ]);
    expect(await storage.list('portal-10001', '')).toEqual([
      { key: 'Shared/', isDir: true },
      { key: 'Spec/', isDir: true },
    ]);
    expect(await storage.list('portal-10001', 'Shared/カタ')).toEqual([
      { key: 'Shared/カタログ/', isDir: true },
    ]);
    expect(await storage.list('portal-10001', 'Shared/missing/')).toEqual([]);
    expect(await storage.list('portal-20001', 'Shared/')).toEqual([]);
  });

  it('keeps an empty folder written as a folder marker', async () => {
    await storage.putObject('portal-40001', 'Shared/', '');
    expect(await storage.exists('portal-40001', 'Shared/')).toBe(true);
    expect(await storage.list('portal-40001', 'Shared/')).toEqual([]);
    expect(await storage.list('portal-40001', '')).toEqual([{ key: 'Shared/', isDir: true }]);
  });

  it('rejects reading a missing object with ObjectNotFoundError', async () => {
    await storage.putObject('portal-10001', 'Shared/folder/file.txt', 'x');
    await expect(storage.getObjectStream('portal-10001', 'Shared/none.txt')).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
    await expect(storage.getObjectStream('portal-10001', 'Shared/folder')).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
    await expect(
      storage.getObjectStream('portal-10001', 'Shared/folder/file.txt/more'),
    ).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('deletes a whole bucket and nothing else', async () => {
    await storage.putObject('portal-10001', 'Shared/a/b.txt', 'x');
    await storage.putObject('portal-10002', 'Shared/c.txt', 'y');
    await storage.deleteBucket('portal-10001');
    await storage.deleteBucket('portal-missing');
    expect(await storage.list('portal-10001', '')).toEqual([]);
    expect(await storage.exists('portal-10002', 'Shared/c.txt')).toBe(true);
  });

  it.each([
    '../outside.txt',
    'Shared/../../outside.txt',
    'Shared/./x.txt',
    '/etc/passwd',
    'Shared//x.txt',
    'Shared\\..\\x.txt',
    'Shared/x\u0000.txt',
    '',
  ])('refuses the key %j', async (key) => {
    await expect(storage.putObject('portal-10001', key, 'x')).rejects.toBeInstanceOf(
      InvalidObjectKeyError,
    );
    await expect(storage.getObjectStream('portal-10001', key)).rejects.toBeInstanceOf(
      InvalidObjectKeyError,
    );
    await expect(storage.exists('portal-10001', key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
  });

  it('refuses listing with a traversal prefix', async () => {
    await expect(storage.list('portal-10001', '../')).rejects.toBeInstanceOf(InvalidObjectKeyError);
  });

  it.each(['..', '.tmp', 'Portal', 'a', '../x', 'portal/10001', ''])(
    'refuses the bucket name %j',
    async (bucket) => {
      await expect(storage.putObject(bucket, 'Shared/x.txt', 'x')).rejects.toBeInstanceOf(
        InvalidObjectKeyError,
      );
      await expect(storage.deleteBucket(bucket)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    },
  );

  describe('symbolic links', () => {
    const bucketDir = () => join(dataDir, 'storage', 'portal-10001');
    let outside: string;

    beforeEach(async () => {
      outside = mkdtempSync(join(tmpdir(), 'storage-outside-'));
      writeFileSync(join(outside, 'passwd'), 'root:x:0:0');
      await storage.putObject('portal-10001', 'Shared/real/inside.txt', 'inside');
      await storage.putObject('portal-10001', 'Spec/請求書.pdf', 'invoice');
      await storage.putObject('portal-20001', 'Shared/other.txt', 'other customer');
    });
    afterEach(() => rmSync(outside, { recursive: true, force: true }));

    it('refuses a link that leads out of the bucket, and never lists it', async () => {
      symlinkSync(outside, join(bucketDir(), 'Shared', 'etc'));
      symlinkSync(join(outside, 'passwd'), join(bucketDir(), 'Shared', 'passwd'));
      symlinkSync(
        join(dataDir, 'storage', 'portal-20001', 'Shared'),
        join(bucketDir(), 'Shared', 'portal-20001'),
      );
      for (const key of ['Shared/etc/passwd', 'Shared/passwd', 'Shared/portal-20001/other.txt']) {
        await expect(storage.getObjectStream('portal-10001', key)).rejects.toBeInstanceOf(
          InvalidObjectKeyError,
        );
        await expect(storage.headObject('portal-10001', key)).rejects.toBeInstanceOf(
          InvalidObjectKeyError,
        );
        await expect(storage.exists('portal-10001', key)).rejects.toBeInstanceOf(
          InvalidObjectKeyError,
        );
      }
      await expect(storage.list('portal-10001', 'Shared/etc/')).rejects.toBeInstanceOf(
        InvalidObjectKeyError,
      );
      await expect(
        storage.putObject('portal-10001', 'Shared/etc/new.txt', 'x'),
      ).rejects.toBeInstanceOf(InvalidObjectKeyError);
      expect(readdirSync(outside)).toEqual(['passwd']);
      expect(await storage.list('portal-10001', 'Shared/')).toEqual([
        { key: 'Shared/real/', isDir: true },
      ]);
    });

    it('refuses a link from Shared/ into another top-level folder of the same bucket', async () => {
      symlinkSync(join(bucketDir(), 'Spec'), join(bucketDir(), 'Shared', 'spec'));
      await expect(
        storage.getObjectStream('portal-10001', 'Shared/spec/請求書.pdf'),
      ).rejects.toBeInstanceOf(InvalidObjectKeyError);
      rmSync(join(bucketDir(), 'Shared'), { recursive: true });
      symlinkSync(join(bucketDir(), 'Spec'), join(bucketDir(), 'Shared'));
      await expect(storage.list('portal-10001', 'Shared/')).rejects.toBeInstanceOf(
        InvalidObjectKeyError,
      );
    });

    it('follows a link that stays inside the same folder, and a storage root behind a link', async () => {
      symlinkSync(join(bucketDir(), 'Shared', 'real'), join(bucketDir(), 'Shared', 'alias'));
      expect(
        await text(await storage.getObjectStream('portal-10001', 'Shared/alias/inside.txt')),
      ).toBe('inside');
      const linkedDataDir = join(outside, 'linked-data');
      symlinkSync(dataDir, linkedDataDir);
      const viaLink = createLocalStorage(linkedDataDir);
      expect(
        await text(await viaLink.getObjectStream('portal-10001', 'Shared/real/inside.txt')),
      ).toBe('inside');
      await viaLink.putObject('portal-10001', 'Shared/real/more.txt', 'more');
      expect(await viaLink.exists('portal-10001', 'Shared/real/more.txt')).toBe(true);
    });
  });

  it('makes origin-relative download URLs, or absolute ones under the public base URL', async () => {
    const relative = await storage.createDownloadUrl('portal-10001', 'Shared/a.pdf', {
      fileName: 'a.pdf',
      expiresInSeconds: 60,
    });
    expect(relative).toMatch(
      /^\/api\/storage\/download\?b=portal-10001&k=Shared%2Fa.pdf&name=a.pdf&exp=\d+&sig=[\w-]{43}$/,
    );
    const absolute = createLocalStorage(dataDir, { publicBaseUrl: 'https://portal.example.jp/' });
    expect(
      await absolute.createDownloadUrl('portal-10001', 'Shared/a.pdf', {
        fileName: 'a.pdf',
        expiresInSeconds: 60,
      }),
    ).toMatch(/^https:\/\/portal\.example\.jp\/api\/storage\/download\?/);
  });
});
