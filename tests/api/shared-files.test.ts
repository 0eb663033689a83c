import { rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers } from '../../db/schema';
import { bearer, signIn } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const uids: Record<string, string> = {};
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 5 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
    logStream: { write: (line) => logLines.push(line) },
  });
  for (const who of ['staff', 'admin', 'user', 'multi', 'other']) {
    const signedIn = await signIn(t.app, `${who}@example.com`);
    tokens[who] = signedIn.token;
    uids[who] = signedIn.uid;
  }
});
afterAll(async () => t?.close());

interface Entry {
  file_name: string;
  file_path: string;
  is_dir: boolean;
}

const post = (url: string, who: string | null, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: who ? bearer(tokens[who]!) : {} });
const list = (who: string | null, payload: object) =>
  post('/api/v1/shared-file/get-shared-filename', who, { user_id: 1, ...payload });
const sharedUrl = (who: string | null, payload: object) =>
  post('/api/v1/shared-file/get-shared-url', who, { user_id: 1, ...payload });

const namesOf = (entries: Entry[]) => entries.map((e) => e.file_name);

describe('listing a shared folder', () => {
  it('lists the root of the caller’s Shared folder: folders first, paths relative to Shared', async () => {
    const res = await list('user', { bucket_name: 'portal-10001', folder_name: '' });
    expect(res.statusCode).toBe(200);
    const entries: Entry[] = res.json();
    expect(
      entries
        .filter((e) => e.is_dir)
        .map((e) => e.file_name)
        .sort(),
    ).toEqual(
      ['カタログ', '図面', '技術資料', '施工マニュアル', '施工事例写真', '見積・発注書式'].sort(),
    );
    expect(entries.filter((e) => !e.is_dir)).toEqual([
      {
        file_name: 'はじめにお読みください.txt',
        file_path: 'はじめにお読みください.txt',
        is_dir: false,
      },
    ]);
    expect(entries.at(-1)!.is_dir).toBe(false);
    expect(entries.find((e) => e.file_name === 'カタログ')).toEqual({
      file_name: 'カタログ',
      file_path: 'カタログ',
      is_dir: true,
    });
    // Nothing of the bucket layout above Shared reaches the client.
    expect(res.body).not.toMatch(/Shared|Spec|portal-/);
    // The spec's client sends no folder for the root.
    const absent = await list('user', { bucket_name: 'portal-10001' });
    expect(absent.json()).toEqual(entries);
  });

  it('opens nested folders, with or without a trailing slash', async () => {
    const catalog = (
      await list('user', { bucket_name: 'portal-10001', folder_name: 'カタログ' })
    ).json();
    expect(catalog).toEqual([
      { file_name: '2025年版', file_path: 'カタログ/2025年版', is_dir: true },
      { file_name: '2026年版', file_path: 'カタログ/2026年版', is_dir: true },
    ]);
    const year = await list('user', {
      bucket_name: 'portal-10001',
      folder_name: 'カタログ/2026年版/',
    });
    expect(year.statusCode).toBe(200);
    expect(year.json()).toEqual([
      {
        file_name: '価格表2026.xlsx',
        file_path: 'カタログ/2026年版/価格表2026.xlsx',
        is_dir: false,
      },
      {
        file_name: '総合カタログ2026.pdf',
        file_path: 'カタログ/2026年版/総合カタログ2026.pdf',
        is_dir: false,
      },
    ]);
    const deep = (
      await list('user', {
        bucket_name: 'portal-10001',
        folder_name: '施工マニュアル/太陽光架台/SR-200',
      })
    ).json();
    expect(namesOf(deep)).toEqual([
      'SR-200 施工マニュアル.pdf',
      'SR-200 部材リスト.xlsx',
      '施工写真_完成例.png',
    ]);
    expect(deep[0].file_path).toBe('施工マニュアル/太陽光架台/SR-200/SR-200 施工マニュアル.pdf');
  });

  it('answers an empty root with no entries and a folder that is not there with 404', async () => {
    const empty = await list('staff', { bucket_name: 'portal-40001', folder_name: '' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const missing = await list('user', { bucket_name: 'portal-10001', folder_name: 'ありません' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect(missing.body).not.toMatch(/Shared|portal-/);
    const fileAsFolder = await list('user', {
      bucket_name: 'portal-10001',
      folder_name: 'はじめにお読みください.txt',
    });
    expect(fileAsFolder.statusCode).toBe(404);
  });

  it('pages the 120-entry folder in natural name order when page or page_size is given', async () => {
    const folder = { bucket_name: 'portal-10001', folder_name: '施工事例写真' };
    const all: Entry[] = (await list('user', folder)).json();
    expect(all).toHaveLength(120);
    expect(all[0]!.file_name).toBe('施工事例_001.png');
    expect(all[9]!.file_name).toBe('施工事例_010.pdf');
    expect(all[119]!.file_name).toBe('施工事例_120.pdf');

    const first = (await list('user', { ...folder, page: 1, page_size: 100 })).json();
    expect(first).toMatchObject({ total: 120, page: 1, page_size: 100 });
    expect(first.items).toEqual(all.slice(0, 100));
    const second = (await list('user', { ...folder, page: 2, page_size: 100 })).json();
    expect(second).toMatchObject({ total: 120, page: 2, page_size: 100 });
    expect(second.items).toEqual(all.slice(100));
    const beyond = (await list('user', { ...folder, page: 3, page_size: 100 })).json();
    expect(beyond).toEqual({ items: [], total: 120, page: 3, page_size: 100 });
    // page alone: the screen's page size (docs/product.md §9, 100).
    expect((await list('user', { ...folder, page: 2 })).json()).toEqual(second);
    const small = (await list('user', { ...folder, page: 4, page_size: 7 })).json();
    expect(small.items).toEqual(all.slice(21, 28));

    for (const bad of [{ page: 0 }, { page_size: 0 }, { page_size: 5000 }, { page: 1.5 }]) {
      expect((await list('user', { ...folder, ...bad })).statusCode).toBe(400);
    }
  });
});

describe('who may see which bucket', () => {
  it('a general user cannot list another customer’s bucket or any folder in it', async () => {
    for (const folder_name of ['', 'カタログ', 'カタログ/2026年版']) {
      const res = await list('user', { bucket_name: 'portal-20001', folder_name });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      expect(res.body).not.toMatch(/file_name|カタログ|portal-/);
    }
    expect((await list('other', { bucket_name: 'portal-10001' })).statusCode).toBe(403);
  });

  it('a corporate admin sees only the customers they hold, not the rest of their corporation', async () => {
    expect((await list('admin', { bucket_name: 'portal-10001' })).statusCode).toBe(200);
    expect((await list('admin', { bucket_name: 'portal-10002' })).statusCode).toBe(403);
  });

  it('a user with two customers sees both buckets', async () => {
    expect((await list('multi', { bucket_name: 'portal-10001' })).statusCode).toBe(200);
    expect((await list('multi', { bucket_name: 'portal-10002' })).statusCode).toBe(200);
    expect((await list('multi', { bucket_name: 'portal-20001' })).statusCode).toBe(403);
  });

  it('staff list any customer’s bucket', async () => {
    for (const bucket_name of ['portal-10001', 'portal-10002', 'portal-20001', 'portal-99999']) {
      expect((await list('staff', { bucket_name })).statusCode).toBe(200);
    }
  });

  it('a bucket name that is no customer’s is 403 for a customer user and 404 for staff', async () => {
    for (const bucket_name of ['portal-77777', 'Shared', '..', 'portal-10001/../portal-20001']) {
      expect((await list('user', { bucket_name })).statusCode).toBe(403);
      expect((await list('staff', { bucket_name })).statusCode).toBe(404);
    }
  });

  it('no token, no listing', async () => {
    expect((await list(null, { bucket_name: 'portal-10001' })).statusCode).toBe(401);
    expect(
      (
        await sharedUrl(null, {
          bucket_name: 'portal-10001',
          file_name: 'はじめにお読みください.txt',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('a general user cannot get a download URL for another customer’s file', async () => {
    const res = await sharedUrl('user', {
      bucket_name: 'portal-20001',
      folder_name: 'カタログ/2026年版',
      file_name: '総合カタログ2026.pdf',
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('url');
  });
});

const TRAVERSAL_FORMS = [
  '..',
  '../portal-20001',
  '../Spec',
  '%2e%2e',
  '%2E%2E/Spec',
  'a/../../x',
  'カタログ/../../Spec',
  './カタログ',
  '/etc/passwd',
  '/',
  'a\\b',
  '..\\..\\Spec',
  'a%2fb',
  'a%5cb',
  'x%00',
  'x\u0000',
  'a\nb',
  'a//b',
  `${'長い名前/'.repeat(80)}x`,
  'あ'.repeat(100),
];

describe('paths that could leave the Shared root', () => {
  it.each(TRAVERSAL_FORMS)(
    'refuses the folder %j with 400 INVALID_PATH and logs who tried',
    async (folder_name) => {
      const before = logLines.length;
      const res = await list('user', { bucket_name: 'portal-10001', folder_name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'INVALID_PATH' });
      expect(res.body).not.toMatch(/Shared|Spec|portal-|file_name/);
      const warned = logLines
        .slice(before)
        .map((line) => JSON.parse(line))
        .find((entry) => entry.msg === 'shared-files path refused');
      expect(warned).toMatchObject({ level: 40, uid: uids.user });
      expect(warned.attempted.folder_name).toBe(folder_name);
    },
  );

  it.each(TRAVERSAL_FORMS)('refuses the file %j in a download URL request', async (file_name) => {
    const res = await sharedUrl('user', {
      bucket_name: 'portal-10001',
      folder_name: '',
      file_name,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PATH');
  });

  it('refuses a traversal in the folder of a download URL request', async () => {
    for (const folder_name of ['../Spec', '%2e%2e', '/etc']) {
      const res = await sharedUrl('user', {
        bucket_name: 'portal-10001',
        folder_name,
        file_name: 'passwd',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_PATH');
    }
  });

  it('refuses a symbolic link that leads out of the Shared root, and never lists it', async () => {
    const shared = join(t.dataDir, 'storage', 'portal-10001', 'Shared');
    const link = join(shared, 'リンク');
    symlinkSync(join(t.dataDir, 'storage', 'portal-20001', 'Shared'), link);
    try {
      const root = await list('user', { bucket_name: 'portal-10001' });
      expect(namesOf(root.json())).not.toContain('リンク');
      const into = await list('user', { bucket_name: 'portal-10001', folder_name: 'リンク' });
      expect(into.statusCode).toBe(400);
      expect(into.json().code).toBe('INVALID_PATH');
      const file = await sharedUrl('user', {
        bucket_name: 'portal-10001',
        folder_name: 'リンク',
        file_name: 'はじめにお読みください.txt',
      });
      expect(file.statusCode).toBe(400);
      expect(file.body).not.toContain('url');
    } finally {
      rmSync(link);
    }
  });
});

describe('download URLs', () => {
  it('gives a short-lived URL for a file of a folder, and 404 for a file that is not there', async () => {
    const res = await sharedUrl('user', {
      bucket_name: 'portal-10001',
      folder_name: 'カタログ/2026年版',
      file_name: '価格表2026.xlsx',
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/storage\/download\?/);
    const exp = Number(new URL(url).searchParams.get('exp'));
    expect(exp * 1000 - Date.now()).toBeGreaterThan(290_000);
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(300_000);

    // A path below the folder in file_name works too.
    const nested = await sharedUrl('multi', {
      bucket_name: 'portal-10002',
      file_name: 'カタログ/2026年版/価格表2026.xlsx',
    });
    expect(nested.statusCode).toBe(200);

    for (const missing of [
      { folder_name: 'カタログ/2026年版', file_name: 'ありません.pdf' },
      { folder_name: '', file_name: 'カタログ' },
      { folder_name: 'ありません', file_name: 'x.pdf' },
    ]) {
      const notThere = await sharedUrl('user', { bucket_name: 'portal-10001', ...missing });
      expect(notThere.statusCode).toBe(404);
      expect(notThere.body).not.toMatch(/Shared|portal-/);
    }
  });
});

describe('the customer’s bucket lookup', () => {
  const lookup = (who: string | null, customerCode: number | string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/spec/get-customer-bucket-name?customer_code=${customerCode}&login_user_id=99999`,
      headers: who ? bearer(tokens[who]!) : {},
    });

  it('answers the bucket of a customer the caller holds', async () => {
    const res = await lookup('user', 10001);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ customer_bucket_name: 'portal-10001' });
    expect((await lookup('multi', 10002)).json()).toEqual({ customer_bucket_name: 'portal-10002' });
  });

  it('refuses a customer the caller does not hold, whether or not it exists', async () => {
    for (const [who, code] of [
      ['user', 20001],
      ['user', 10002],
      ['admin', 10002],
      ['other', 10001],
      ['user', 88888],
    ] as const) {
      const res = await lookup(who, code);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('portal-');
    }
  });

  it('staff look up any customer; an unknown one is 404', async () => {
    expect((await lookup('staff', 20001)).json()).toEqual({ customer_bucket_name: 'portal-20001' });
    expect((await lookup('staff', 88888)).statusCode).toBe(404);
    expect((await lookup('staff', 'abc')).statusCode).toBe(400);
    expect((await lookup(null, 10001)).statusCode).toBe(401);
  });
});

describe('registering a customer’s folder name', () => {
  const register = (who: string | null, payload: object) =>
    post('/api/v1/spec/register-customer-folder-name', who, { login_user_id: 1, ...payload });
  const folderOf = async (code: number) =>
    (
      await t.database.db
        .select({ folder_name: customers.folder_name })
        .from(customers)
        .where(eq(customers.customer_code, code))
    )[0]?.folder_name;
  const auditCount = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;

  it('staff register a folder name, recorded in the audit log', async () => {
    const before = await folderOf(30001);
    const audits = await auditCount();
    const res = await register('staff', { customer_code: 30001, folder_name: '共有資料' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ customer_code: 30001, folder_name: '共有資料' });
    expect(await folderOf(30001)).toBe('共有資料');
    expect(await auditCount()).toBe(audits + 1);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.folder-name.update'));
    expect(entry).toMatchObject({
      actor_mail: 'staff@example.com',
      entity: 'customer',
      entity_id: '30001',
      before: { folder_name: before },
      after: { folder_name: '共有資料' },
    });
  });

  it('a corporate admin or a general user gets 403 and nothing is written', async () => {
    const before = await folderOf(10001);
    const audits = await auditCount();
    for (const who of ['admin', 'user', 'multi', 'other']) {
      const res = await register(who, { customer_code: 10001, folder_name: 'Hacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await register(null, { customer_code: 10001, folder_name: 'Hacked' })).statusCode).toBe(
      401,
    );
    expect(await folderOf(10001)).toBe(before);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses a folder name that is not one safe path segment, and writes nothing', async () => {
    const before = await folderOf(30002);
    const audits = await auditCount();
    for (const folder_name of [
      '..',
      '../portal-20001',
      'a/b',
      '%2e%2e',
      'a\\b',
      'x\u0000',
      '/etc',
      '',
    ]) {
      const res = await register('staff', { customer_code: 30002, folder_name });
      expect(res.statusCode).toBe(400);
      expect(['INVALID_PATH', 'VALIDATION_ERROR']).toContain(res.json().code);
    }
    expect(await folderOf(30002)).toBe(before);
    expect(await auditCount()).toBe(audits);
  });

  it('answers 404 for a customer that does not exist', async () => {
    const res = await register('staff', { customer_code: 88888, folder_name: 'Shared' });
    expect(res.statusCode).toBe(404);
  });
});
