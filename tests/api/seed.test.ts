import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { banners, corporations, customers, ledgerItems, notices, users } from '../../db/schema';
import {
  DEMO_ASSET_BASE,
  DEMO_BANNER_ASSET_FILES,
  demoAssetsFolder,
} from '../../db/seed/demo-master-data';
import {
  DatabaseNotEmptyError,
  isDatabaseEmpty,
  resetDemoData,
  seedDemoData,
  seedDemoDataIfEmpty,
} from '../../db/seed/seed-demo-data';
import { LEDGER_STATUS } from '../../domain/constants';
import { LocalStorage } from '../../server/storage/local-storage';
import type { ObjectStorage } from '../../server/storage/storage-port';

// 2026-04-15 12:00 in Japan.
const now = new Date('2026-04-15T03:00:00Z');
const today = '2026-04-15';
const twoYearsAgo = '2024-04-15';
const LINES = 200;
const LEDGER_CUSTOMERS = [10001, 10002, 20001, 30001, 30002, 40001];

let dataDir: string;
let database: DatabaseHandle;
let storage: LocalStorage;

/** PGlite in the temp folder, or the DATABASE_URL database emptied first. */
async function openTestDatabase(dir: string): Promise<DatabaseHandle> {
  const databaseUrl = process.env.DATABASE_URL;
  const handle = openDatabase({ databaseUrl, dataDir: dir });
  if (databaseUrl) {
    await handle.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
    await handle.db.execute(sql`CREATE SCHEMA public`);
    await handle.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  }
  await handle.migrate();
  return handle;
}

async function read(bucket: string, key: string): Promise<Buffer> {
  return buffer(await storage.getObjectStream(bucket, key));
}

/** Every object key below prefix, folders included (they end with '/'). */
async function listTree(store: ObjectStorage, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for (const entry of await store.list(bucket, prefix)) {
    keys.push(entry.key);
    if (entry.isDir) keys.push(...(await listTree(store, bucket, entry.key)));
  }
  return keys;
}

/** A local file header first and the end-of-central-directory record (no comment) last. */
function isZip(data: Buffer): boolean {
  return (
    data.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')) &&
    data.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1')) === data.length - 22
  );
}

/** Checks the PDF header, trailer and that every xref offset points at its object. */
function expectValidPdf(data: Buffer): void {
  const text = data.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  entries.slice(1).forEach((entry, index) => {
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true);
  });
}

async function snapshot() {
  const ledger = await database.db.select().from(ledgerItems).orderBy(asc(ledgerItems.id));
  const userRows = await database.db.select().from(users).orderBy(asc(users.id));
  const files = await listTree(storage, 'portal-10002', '');
  const hash = createHash('sha256');
  for (const key of files.filter((k) => !k.endsWith('/'))) {
    hash.update(key).update(await read('portal-10002', key));
  }
  const strip = <T extends { created_at: Date; updated_at?: Date }>(row: T) => ({
    ...row,
    created_at: undefined,
    updated_at: undefined,
  });
  return {
    ledger: ledger.map(strip),
    users: userRows.map(strip),
    files,
    content: hash.digest('hex'),
  };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'seed-test-'));
  database = await openTestDatabase(dataDir);
  storage = new LocalStorage(dataDir);
  await seedDemoData(database, storage, { now, ledgerLinesPerCustomer: LINES });
});

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('creates the six demo accounts with their customer codes and user types', async () => {
    const rows = await database.db.select().from(users).orderBy(asc(users.id));
    const accounts = new Map<string, { types: Set<number>; codes: number[] }>();
    for (const row of rows) {
      const account = accounts.get(row.mail) ?? { types: new Set(), codes: [] };
      account.types.add(row.user_type_id);
      account.codes.push(row.customer_code);
      accounts.set(row.mail, account);
      expect(row.firebase_uid).toBeNull();
      expect(row.delete_flag).toBe(false);
      expect(row.user_name).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
    expect(
      Object.fromEntries([...accounts].map(([mail, a]) => [mail, [[...a.types], a.codes.sort()]])),
    ).toEqual({
      'staff@example.com': [[3], [99999]],
      'admin@example.com': [[1], [10001]],
      'user@example.com': [[2], [10001]],
      'multi@example.com': [[2], [10001, 10002]],
      'other@example.com': [[2], [20001]],
      'unverified@example.com': [[2], [10001]],
    });
  });

  it('multi@example.com belongs to customers 10001 and 10002, both of corporation 1001', async () => {
    const rows = await database.db
      .select({ code: users.customer_code, corporation: customers.corporate_code })
      .from(users)
      .innerJoin(customers, sql`${customers.customer_code} = ${users.customer_code}`)
      .where(sql`${users.mail} = 'multi@example.com'`)
      .orderBy(asc(users.customer_code));
    expect(rows).toEqual([
      { code: 10001, corporation: 1001 },
      { code: 10002, corporation: 1001 },
    ]);
  });

  it('gives every customer a corporation, its own bucket and a folder name', async () => {
    const corporationRows = await database.db.select().from(corporations);
    expect(corporationRows.map((c) => c.corporate_code)).toEqual(
      expect.arrayContaining([1001, 2001, 9999]),
    );
    const customerRows = await database.db
      .select()
      .from(customers)
      .orderBy(asc(customers.customer_code));
    expect(customerRows.length).toBeGreaterThanOrEqual(5);
    expect(customerRows.find((c) => c.customer_code === 20001)?.corporate_code).toBe(2001);
    expect(customerRows.find((c) => c.customer_code === 99999)?.corporate_code).toBe(9999);
    for (const customer of customerRows) {
      expect(customer.customer_bucket_name).toBe(`portal-${customer.customer_code}`);
      expect(customer.folder_name).toBeTruthy();
    }
  });

  it('gives each demo customer ledger lines of both statuses over the past two years and coming months', async () => {
    const rows = await database.db.select().from(ledgerItems);
    for (const code of LEDGER_CUSTOMERS) {
      const lines = rows.filter((r) => r.customer_code === code);
      expect(lines).toHaveLength(LINES);
      const shipped = lines.filter((r) => r.status === LEDGER_STATUS.shipped);
      const backlog = lines.filter((r) => r.status === LEDGER_STATUS.backlog);
      expect(shipped.length + backlog.length).toBe(LINES);
      expect(shipped.length).toBeGreaterThan(LINES / 2);
      expect(backlog.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line.sale_order_date >= twoYearsAgo && line.sale_order_date <= today).toBe(true);
        expect(line.amount).toBe(line.quantity * line.unit_price);
        expect(line.item_name).toBe(line.item_name.toUpperCase());
      }
      for (const line of shipped) {
        expect(line.shipped_date! <= today && line.shipped_date! >= line.sale_order_date).toBe(
          true,
        );
        expect(line.shipping_label_number).toMatch(/^\d{10,12}$/);
        expect(line.delivery_no).not.toBe('');
      }
      for (const line of backlog) {
        expect(line.shipped_date).toBeNull();
        expect(line.shipping_label_number).toBe('');
      }
      const futureBacklog = backlog.filter((r) => (r.expected_delivery_date ?? '') > today);
      expect(futureBacklog.length).toBeGreaterThan(backlog.length / 2);
      // Spread over the two years, not bunched.
      expect(lines.some((r) => r.sale_order_date < '2024-10-15')).toBe(true);
      expect(lines.some((r) => r.sale_order_date > '2026-01-15')).toBe(true);
    }
    expect(rows.some((r) => r.delivery_request)).toBe(true);
    expect(new Set(rows.map((r) => r.transportation))).toEqual(
      new Set(['ヤマト運輸', '佐川急便', '西濃運輸', '福山通運', '']),
    );
  });

  it('uses shared item-number prefixes so that a prefix search finds several items', async () => {
    const rows = await database.db
      .selectDistinct({ item: ledgerItems.item_name })
      .from(ledgerItems)
      .where(sql`${ledgerItems.item_name} like 'KR-10%'`);
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });

  it('puts some expected delivery dates in the core system placeholder year 1900', async () => {
    const rows = await database.db
      .select({ date: ledgerItems.expected_delivery_date })
      .from(ledgerItems)
      .where(sql`${ledgerItems.expected_delivery_date} < '1901-01-01'`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan((LINES * LEDGER_CUSTOMERS.length) / 20);
    for (const row of rows) expect(row.date).toMatch(/^1900-\d\d-\d\d$/);
  });

  it('writes most referenced documents to the customer bucket and leaves some missing', async () => {
    const rows = await database.db.select().from(ledgerItems);
    let referenced = 0;
    let missing = 0;
    for (const code of LEDGER_CUSTOMERS) {
      const names = new Set(
        rows
          .filter((r) => r.customer_code === code)
          .flatMap((r) => [r.invoice_file_name, r.shipped_file_name, r.delivery_file_name])
          .filter(Boolean),
      );
      for (const name of names) {
        expect(name).toMatch(/^(請求書|出荷案内|納品書)_[A-Z]{2}\d{4}-\d{6}\.pdf$/);
        referenced++;
        if (!(await storage.exists(`portal-${code}`, `Spec/${name}`))) missing++;
      }
      const shipped = rows.filter(
        (r) => r.customer_code === code && r.status === LEDGER_STATUS.shipped,
      );
      expect(shipped.filter((r) => r.invoice_file_name).length).toBeGreaterThan(
        shipped.length * 0.7,
      );
      expect(shipped.filter((r) => r.delivery_file_name).length).toBeGreaterThan(
        shipped.length * 0.7,
      );
    }
    expect(missing).toBeGreaterThan(0);
    expect(missing / referenced).toBeLessThan(0.1);
    // Files in the bucket are only those referenced (no stray documents).
    const specKeys = (await storage.list('portal-10001', 'Spec/')).map((e) => e.key);
    const names10001 = new Set(
      rows
        .filter((r) => r.customer_code === 10001)
        .flatMap((r) => [r.invoice_file_name, r.shipped_file_name, r.delivery_file_name]),
    );
    for (const key of specKeys) expect(names10001.has(key.slice('Spec/'.length))).toBe(true);
  });

  it('writes valid one-page PDFs whose lines share one invoice per sale order', async () => {
    const [line] = await database.db
      .select()
      .from(ledgerItems)
      .where(sql`${ledgerItems.customer_code} = 10001 and ${ledgerItems.invoice_file_name} <> ''`)
      .orderBy(asc(ledgerItems.id))
      .limit(1);
    const pdf = await read('portal-10001', `Spec/${line!.invoice_file_name}`).catch(() => null);
    const sameOrder = await database.db
      .select({ invoice: ledgerItems.invoice_file_name })
      .from(ledgerItems)
      .where(sql`${ledgerItems.sale_order_no} = ${line!.sale_order_no}`);
    expect(new Set(sameOrder.map((r) => r.invoice))).toEqual(new Set([line!.invoice_file_name]));
    const existing = (await storage.list('portal-10001', 'Spec/')).slice(0, 20);
    for (const entry of existing) expectValidPdf(await read('portal-10001', entry.key));
    if (pdf) expect(pdf.toString('latin1')).toContain(line!.sale_order_no);
  });

  it('builds a shared tree of nested folders with pdf, xlsx, zip and other files', async () => {
    const keys = await listTree(storage, 'portal-10001', 'Shared/');
    const files = keys.filter((k) => !k.endsWith('/'));
    const folders = keys.filter((k) => k.endsWith('/'));
    expect(folders.some((k) => k.split('/').length - 2 >= 3)).toBe(true);
    expect(folders).toContain('Shared/カタログ/2026年版/');
    const extensions = new Set(files.map((k) => k.slice(k.lastIndexOf('.') + 1)));
    for (const ext of ['pdf', 'xlsx', 'zip', 'png', 'txt', 'dwg'])
      expect(extensions).toContain(ext);

    for (const key of files.filter((k) => k.endsWith('.xlsx') || k.endsWith('.zip'))) {
      const data = await read('portal-10001', key);
      expect(isZip(data), key).toBe(true);
      if (key.endsWith('.xlsx')) {
        for (const part of [
          '[Content_Types].xml',
          '_rels/.rels',
          'xl/workbook.xml',
          'xl/_rels/workbook.xml.rels',
          'xl/worksheets/sheet1.xml',
        ]) {
          expect(data.includes(Buffer.from(part)), `${key} ${part}`).toBe(true);
        }
      }
    }
    for (const key of files.filter((k) => k.endsWith('.pdf')).slice(0, 10)) {
      expectValidPdf(await read('portal-10001', key));
    }
    const png = await read('portal-10001', files.find((k) => k.endsWith('.png'))!);
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it('has a shared folder of more than 100 entries for paging, and an empty tree for customer 40001', async () => {
    const folders = (await storage.list('portal-10001', 'Shared/')).filter((e) => e.isDir);
    const sizes = await Promise.all(
      folders.map(async (f) => (await storage.list('portal-10001', f.key)).length),
    );
    expect(Math.max(...sizes)).toBeGreaterThan(100);
    expect(await storage.exists('portal-40001', 'Shared/')).toBe(true);
    expect(await storage.list('portal-40001', 'Shared/')).toEqual([]);
    for (const code of [10002, 20001, 30001, 30002]) {
      expect((await storage.list(`portal-${code}`, 'Shared/')).length).toBeGreaterThan(3);
    }
  });

  it('creates three recent notices and two banners whose images ship with the seed', async () => {
    const noticeRows = await database.db.select().from(notices);
    expect(noticeRows).toHaveLength(3);
    for (const notice of noticeRows) {
      expect(notice.url.startsWith('https://')).toBe(true);
      expect(notice.display_at.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(notice.display_at.getTime()).toBeGreaterThan(now.getTime() - 42 * 86_400_000);
    }
    const bannerRows = await database.db.select().from(banners);
    expect(bannerRows).toHaveLength(2);
    for (const banner of bannerRows) {
      expect(banner.image_url.startsWith(DEMO_ASSET_BASE)).toBe(true);
      const file = banner.image_url.slice(DEMO_ASSET_BASE.length);
      expect(DEMO_BANNER_ASSET_FILES).toContain(file);
      expect(existsSync(join(demoAssetsFolder(), file))).toBe(true);
      expect(banner.destination_url.startsWith('https://')).toBe(true);
      expect(banner.explanation).not.toBe('');
    }
  });

  it('skips seeding on a non-empty database', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    await expect(
      seedDemoData(database, storage, { now, ledgerLinesPerCustomer: LINES }),
    ).rejects.toBeInstanceOf(DatabaseNotEmptyError);
    expect(await seedDemoDataIfEmpty(database, storage, { now })).toBeNull();
    const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(ledgerItems);
    expect(row?.count).toBe(LINES * LEDGER_CUSTOMERS.length);
  });

  it('reset empties the database and the demo buckets, and seeding again recreates the same data', async () => {
    const before = await snapshot();
    await resetDemoData(database.db, storage);
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    expect(await database.db.select().from(ledgerItems)).toEqual([]);
    expect(await database.db.select().from(users)).toEqual([]);
    expect(await storage.list('portal-10001', '')).toEqual([]);

    const summary = await seedDemoDataIfEmpty(database, storage, {
      now,
      ledgerLinesPerCustomer: LINES,
    });
    expect(summary?.ledgerItems).toBe(LINES * LEDGER_CUSTOMERS.length);
    expect(await snapshot()).toEqual(before);
  });

  it('gives the banners the configured images (DEFAULT_BANNER_IMAGES), one a banner in turn', async () => {
    await resetDemoData(database.db, storage);
    await seedDemoData(database, storage, {
      now,
      ledgerLinesPerCustomer: LINES,
      bannerImages: ['https://cdn.example.co.jp/banner.png'],
    });
    const rows = await database.db.select().from(banners).orderBy(asc(banners.id));
    expect(rows.map((b) => b.image_url)).toEqual([
      'https://cdn.example.co.jp/banner.png',
      'https://cdn.example.co.jp/banner.png',
    ]);
  });

  it('gives each demo customer 3000 ledger lines by default', async () => {
    await resetDemoData(database.db, storage);
    const summary = await seedDemoData(database, storage, { now });
    expect(summary.ledgerItems).toBe(3000 * LEDGER_CUSTOMERS.length);
    expect(summary.missingDocumentFiles).toBeGreaterThan(0);
    const rows = await database.db
      .select({ code: ledgerItems.customer_code, count: sql<number>`count(*)::int` })
      .from(ledgerItems)
      .groupBy(ledgerItems.customer_code)
      .orderBy(asc(ledgerItems.customer_code));
    expect(rows).toEqual(LEDGER_CUSTOMERS.map((code) => ({ code, count: 3000 })));
  });
});
