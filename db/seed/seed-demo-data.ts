import { getTableColumns, sql } from 'drizzle-orm';
import { LEDGER_STATUS, ORDER_DOCUMENTS_FOLDER } from '../../domain/constants';
import { japanDayNumber } from '../../domain/japan-time';
import type { Database } from '../client';
import {
  banners,
  corporations,
  customers,
  ledgerItems,
  notices,
  users,
  userTypes,
} from '../schema';
import {
  DEMO_BANNER_IMAGES,
  DEMO_BANNERS,
  DEMO_BUCKETS,
  DEMO_CORPORATIONS,
  DEMO_CUSTOMERS,
  DEMO_NOTICES,
  DEMO_STAFF_MAIL,
  DEMO_USER_TYPES,
  DEMO_USERS,
} from './demo-master-data';
import { buildPdf } from './file-builders';
import {
  documentPdfLines,
  generateLedger,
  type LedgerCounters,
  type LedgerRow,
} from './ledger-generator';
import { createRandom, seedOf } from './random';
import { type SharedObject, sharedTreeOf } from './shared-tree';

export const DEFAULT_LEDGER_LINES_PER_CUSTOMER = 3000;
const DEFAULT_SEED = 20_260_401;
const INSERT_BATCH_ROWS = 500;
const FILE_WRITE_CONCURRENCY = 32;
// Serialises concurrent seeders (several API instances starting on one empty database).
const SEED_LOCK_KEY = 7_310_001;

export interface SeedDemoDataOptions {
  /** The instant the demo data is relative to (dates, notices); default: the current time. */
  now?: Date;
  /** Order lines per customer with a ledger; default 3000. */
  ledgerLinesPerCustomer?: number;
  /** PRNG seed: the same seed and now give the same data and files. */
  seed?: number;
  /** The banners' images (DEFAULT_BANNER_IMAGES), one a banner in turn; default the demo's own. */
  bannerImages?: readonly string[];
  log?: (message: string) => void;
}

export interface SeedSummary {
  corporations: number;
  customers: number;
  userTypes: number;
  users: number;
  notices: number;
  banners: number;
  ledgerItems: number;
  shippedLines: number;
  backlogLines: number;
  /** Order documents written under Spec/. */
  documentFiles: number;
  /** Order documents referenced by lines but deliberately not written. */
  missingDocumentFiles: number;
  /** Objects written under Shared/ (files and empty-folder markers). */
  sharedObjects: number;
  buckets: number;
}

export class DatabaseNotEmptyError extends Error {
  override name = 'DatabaseNotEmptyError';
  constructor() {
    super('the database already holds data (corporations); the demo seed needs an empty database');
  }
}

/** True when the database has no corporations, i.e. nothing a seed could collide with. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ code: corporations.corporate_code }).from(corporations).limit(1);
  return rows.length === 0;
}

/**
 * What the seed needs of the server's object-storage port (server/storage/storage-port.ts, which
 * satisfies it): db/ imports nothing of server/ (ARCHITECTURE.md), so the seed names the two calls
 * it makes.
 */
export interface SeedStorage {
  /** Writes the whole object, replacing an existing one. */
  putObject(bucket: string, key: string, body: Buffer | string): Promise<void>;
  /** Removes the bucket and everything in it; a missing bucket is not an error. */
  deleteBucket(bucket: string): Promise<void>;
}

interface StorageTask {
  bucket: string;
  key: string;
  body: SharedObject['body'];
}

async function writeObjects(storage: SeedStorage, tasks: readonly StorageTask[]): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < tasks.length && !failed) {
      const task = tasks[next++]!;
      try {
        await storage.putObject(task.bucket, task.key, await task.body());
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // allSettled so that no writer is still running when this settles.
  const results = await Promise.allSettled(Array.from({ length: FILE_WRITE_CONCURRENCY }, worker));
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

// Every column but the id, the timestamps and the generated (search) ones.
const ledgerColumns = Object.entries(getTableColumns(ledgerItems)).filter(
  ([key, column]) => !['id', 'created_at', 'updated_at'].includes(key) && !column.generated,
) as [keyof LedgerRow, { name: string }][];
const ledgerColumnList = sql.raw(ledgerColumns.map(([, column]) => `"${column.name}"`).join(', '));

/**
 * Many rows in one statement with one JSON parameter: building a 13,000-parameter insert
 * with the query builder costs more than PostgreSQL needs to store the rows.
 */
async function insertLedgerRows(db: Database, rows: readonly LedgerRow[]): Promise<void> {
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(ledgerColumns.map(([key, column]) => [column.name, row[key]])),
    ),
  );
  await db.execute(
    sql`insert into ${ledgerItems} (${ledgerColumnList}) select ${ledgerColumnList} from json_populate_recordset(null::${ledgerItems}, ${json}::json)`,
  );
}

/**
 * Fills an empty, migrated database with the demo data of docs/product.md §15 and writes the order
 * documents and shared files of the demo customers through the storage port. All rows go in
 * one transaction, committed only after every file is written, so a failed seed leaves an
 * empty database and the next start tries again. Throws DatabaseNotEmptyError otherwise.
 */
export async function seedDemoData(
  handle: { db: Database },
  storage: SeedStorage,
  options: SeedDemoDataOptions = {},
): Promise<SeedSummary> {
  const { db } = handle;
  const now = options.now ?? new Date();
  const linesPerCustomer = options.ledgerLinesPerCustomer ?? DEFAULT_LEDGER_LINES_PER_CUSTOMER;
  const baseSeed = options.seed ?? DEFAULT_SEED;
  const log = options.log ?? (() => {});
  if (!Number.isInteger(linesPerCustomer) || linesPerCustomer < 0) {
    throw new RangeError(
      `ledgerLinesPerCustomer must be a non-negative integer: ${linesPerCustomer}`,
    );
  }
  if (!(await isDatabaseEmpty(db))) throw new DatabaseNotEmptyError();

  // Everything is generated before the transaction so that it stays short.
  const today = japanDayNumber(now);
  const counters: LedgerCounters = { saleOrder: 0, delivery: 0 };
  const ledgerRows: LedgerRow[] = [];
  const tasks: StorageTask[] = [];
  let missingDocumentFiles = 0;
  let sharedObjects = 0;
  // Zip entry times are fixed to the start of today (UTC) so the files repeat with the data.
  const fileTime = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
  for (const customer of DEMO_CUSTOMERS) {
    const bucket = customer.customer_bucket_name;
    if (customer.hasLedger) {
      const ledger = generateLedger({
        customer,
        lineCount: linesPerCustomer,
        today,
        random: createRandom(seedOf(baseSeed, 'ledger', customer.customer_code)),
        counters,
      });
      ledgerRows.push(...ledger.rows);
      for (const document of ledger.documents) {
        if (document.missing) {
          missingDocumentFiles++;
          continue;
        }
        tasks.push({
          bucket,
          key: `${ORDER_DOCUMENTS_FOLDER}/${document.fileName}`,
          body: () => buildPdf(documentPdfLines(document, customer.customer_code)),
        });
      }
    }
    for (const object of sharedTreeOf(customer, fileTime)) {
      tasks.push({ bucket, key: object.key, body: object.body });
      sharedObjects++;
    }
  }
  log(`demo seed: generated ${ledgerRows.length} order lines and ${tasks.length} files`);

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    // Another instance may have seeded while this one waited for the lock.
    if (!(await isDatabaseEmpty(tx as unknown as Database))) throw new DatabaseNotEmptyError();

    // The demo buckets belong to the demo data: files of an earlier seed must not linger.
    for (const bucket of DEMO_BUCKETS) await storage.deleteBucket(bucket);
    const filesWritten = writeObjects(storage, tasks);
    // Handled here so that an early failure is not an unhandled rejection; awaited below.
    filesWritten.catch(() => {});
    try {
      await tx.insert(corporations).values([...DEMO_CORPORATIONS]);
      await tx.insert(customers).values(
        DEMO_CUSTOMERS.map((c) => ({
          customer_code: c.customer_code,
          customer_name: c.customer_name,
          corporate_code: c.corporate_code,
          customer_bucket_name: c.customer_bucket_name,
          folder_name: c.folder_name,
        })),
      );
      await tx.insert(userTypes).values([...DEMO_USER_TYPES]);
      const userRows = await tx
        .insert(users)
        .values(
          DEMO_USERS.flatMap((u) =>
            u.customer_codes.map((customer_code) => ({
              mail: u.mail,
              user_name: u.user_name,
              customer_code,
              user_type_id: u.user_type_id,
              firebase_uid: null,
            })),
          ),
        )
        .returning({ id: users.id, mail: users.mail });
      const staffId = userRows.find((u) => u.mail === DEMO_STAFF_MAIL)?.id ?? null;
      await tx.insert(notices).values(
        DEMO_NOTICES.map((n, i) => ({
          user_id: staffId,
          title: n.title,
          url: n.url,
          display_at: new Date(now.getTime() - n.daysAgo * 86_400_000 - i * 3_600_000),
        })),
      );
      const images = options.bannerImages?.length ? options.bannerImages : DEMO_BANNER_IMAGES;
      await tx.insert(banners).values(
        DEMO_BANNERS.map((b, i) => ({
          ...b,
          image_url: images[i % images.length]!,
          user_id: staffId,
        })),
      );
      log('demo seed: inserted corporations, customers, users, notices and banners');

      for (const batch of chunks(ledgerRows, INSERT_BATCH_ROWS)) {
        await insertLedgerRows(tx as unknown as Database, batch);
      }
      log(`demo seed: inserted ${ledgerRows.length} order lines`);
      await filesWritten;
      log(`demo seed: wrote ${tasks.length} files`);
    } catch (error) {
      // Let the writers stop before the transaction rolls back.
      await filesWritten.catch(() => {});
      throw error;
    }
  });

  const shippedLines = ledgerRows.filter((r) => r.status === LEDGER_STATUS.shipped).length;
  return {
    corporations: DEMO_CORPORATIONS.length,
    customers: DEMO_CUSTOMERS.length,
    userTypes: DEMO_USER_TYPES.length,
    users: DEMO_USERS.reduce((sum, u) => sum + u.customer_codes.length, 0),
    notices: DEMO_NOTICES.length,
    banners: DEMO_BANNERS.length,
    ledgerItems: ledgerRows.length,
    shippedLines,
    backlogLines: ledgerRows.length - shippedLines,
    documentFiles: tasks.length - sharedObjects,
    missingDocumentFiles,
    sharedObjects,
    buckets: DEMO_BUCKETS.length,
  };
}

/** Seeds when the database is empty; null when it already held data (or another instance won). */
export async function seedDemoDataIfEmpty(
  handle: { db: Database },
  storage: SeedStorage,
  options: SeedDemoDataOptions = {},
): Promise<SeedSummary | null> {
  try {
    return await seedDemoData(handle, storage, options);
  } catch (error) {
    if (error instanceof DatabaseNotEmptyError) return null;
    throw error;
  }
}

/**
 * Empties every table of the schema (one TRUNCATE … RESTART IDENTITY CASCADE, so foreign keys
 * and sequences need no ordering) and removes the demo buckets, for `npm run seed -- --reset`.
 */
export async function resetDemoData(db: Database, storage: SeedStorage): Promise<void> {
  await db.transaction(async (tx) => {
    const result = await tx.execute(
      sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`,
    );
    // node-postgres and PGlite both answer with { rows }.
    const tables = (result as unknown as { rows: { tablename: string }[] }).rows.map(
      (row) => `"${row.tablename.replaceAll('"', '""')}"`,
    );
    if (tables.length > 0) {
      await tx.execute(sql.raw(`TRUNCATE TABLE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
    }
  });
  for (const bucket of DEMO_BUCKETS) await storage.deleteBucket(bucket);
}
