import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { bulkDownloads, customers, ledgerItems } from '../../db/schema';
import {
  type bulkDownloadBodySchema,
  DOCUMENT_TYPES,
  type DocumentType,
  type LedgerFileAnswer,
  type ledgerFileQuerySchema,
} from '../../domain/api/order-documents';
import { ORDER_DOCUMENTS_FOLDER } from '../../domain/constants';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import type { ObjectStorage } from '../storage/storage-port';
import { type Caller, loadCaller } from './caller';

// Order documents (issue 5 item 4): invoices, shipping notices and delivery slips of the ledger's
// lines, in the customer's bucket under Spec/. Paths come from the database, never from the client:
// a file name a client sends is only accepted when one of the customer's lines references it.

type LedgerFileQuery = z.infer<typeof ledgerFileQuerySchema>;
type BulkDownloadBody = z.infer<typeof bulkDownloadBodySchema>;

export interface OrderDocumentPorts {
  db: Database;
  storage: ObjectStorage;
  downloadTtlSeconds: number;
  publicBaseUrl: string;
}

export const BULK_DOWNLOAD_PATH = '/api/storage/bulk';
const documentKey = (fileName: string) => `${ORDER_DOCUMENTS_FOLDER}/${fileName}`;
const FILE_COLUMNS = {
  invoice: ledgerItems.invoice_file_name,
  shipped: ledgerItems.shipped_file_name,
  delivery: ledgerItems.delivery_file_name,
} as const satisfies Record<DocumentType, unknown>;

/** Orders are per customer code: staff any, others only the customer codes they hold (docs/product.md §12). */
function assertMaySeeOrders(caller: Caller, customerCode: number) {
  if (!caller.isStaff && !caller.holdsCustomer(customerCode)) throw forbidden();
}

async function bucketOf(db: Database, customerCode: number) {
  const [row] = await db
    .select({ bucket: customers.customer_bucket_name })
    .from(customers)
    .where(eq(customers.customer_code, customerCode));
  return row?.bucket;
}

/** GET /spec/specified-ledger-file-path: signed URLs of the three documents of one line. */
export async function ledgerFileLinks(
  ports: OrderDocumentPorts,
  request: FastifyRequest,
  query: LedgerFileQuery,
): Promise<LedgerFileAnswer> {
  const caller = await loadCaller(ports.db, request);
  const [line] = await ports.db
    .select({
      customerCode: ledgerItems.customer_code,
      invoice: ledgerItems.invoice_file_name,
      shipped: ledgerItems.shipped_file_name,
      delivery: ledgerItems.delivery_file_name,
    })
    .from(ledgerItems)
    .where(
      and(
        eq(ledgerItems.sale_order_no, query.sale_order_no),
        eq(ledgerItems.sale_order_line_no, query.sale_order_line_no),
        eq(ledgerItems.delivery_no, query.delivery_no),
        eq(ledgerItems.delivery_line_no, query.delivery_line_no),
      ),
    );
  if (!line) throw notFound();
  assertMaySeeOrders(caller, line.customerCode);
  const bucket = await bucketOf(ports.db, line.customerCode);
  if (!bucket) throw notFound();

  const linkOf = async (fileName: string) => {
    if (!fileName) return { file_name: '', url: null, missing: false };
    const key = documentKey(fileName);
    if ((await ports.storage.headObject(bucket, key)) === null) {
      return { file_name: fileName, url: null, missing: true };
    }
    const url = await ports.storage.createDownloadUrl(bucket, key, {
      fileName,
      expiresInSeconds: ports.downloadTtlSeconds,
    });
    return { file_name: fileName, url, missing: false };
  };
  const [invoice, shipped, delivery] = await Promise.all([
    linkOf(line.invoice),
    linkOf(line.shipped),
    linkOf(line.delivery),
  ]);
  request.log.info(
    { uid: caller.uid, sale_order_no: query.sale_order_no },
    'order document urls issued',
  );
  return {
    bucket_name: bucket,
    folder_name: ORDER_DOCUMENTS_FOLDER,
    invoice: invoice!,
    shipped: shipped!,
    delivery: delivery!,
  };
}

/** The customer whose bucket this is, when the caller may see its orders. */
async function orderCustomerOfBucket(
  db: Database,
  caller: Caller,
  bucketName: string,
): Promise<number> {
  const rows = await db
    .select({ code: customers.customer_code })
    .from(customers)
    .where(eq(customers.customer_bucket_name, bucketName));
  const visible = rows.find((r) => caller.isStaff || caller.holdsCustomer(r.code));
  if (!visible) {
    if (caller.isStaff) throw notFound();
    throw forbidden();
  }
  return visible.code;
}

/** File names (of the requested ones) that the customer's ledger lines reference. */
async function referencedFileNames(
  db: Database,
  customerCode: number,
  names: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const type of DOCUMENT_TYPES) {
    const column = FILE_COLUMNS[type];
    const rows = await db
      .selectDistinct({ name: column })
      .from(ledgerItems)
      .where(and(eq(ledgerItems.customer_code, customerCode), inArray(column, names)));
    for (const r of rows) found.add(r.name);
  }
  return found;
}

/**
 * POST /shared-file/get-shared-url with folder_name "Spec": one order document of the caller's
 * customer, when a ledger line of that customer references it.
 */
export async function orderDocumentUrl(
  ports: OrderDocumentPorts,
  request: FastifyRequest,
  body: { bucket_name: string; file_name: string },
): Promise<{ url: string }> {
  if (!isPlainFileName(body.file_name)) {
    throw new HttpError(400, 'INVALID_PATH', 'ファイル名が正しくありません。');
  }
  const caller = await loadCaller(ports.db, request);
  const customerCode = await orderCustomerOfBucket(ports.db, caller, body.bucket_name);
  const referenced = await referencedFileNames(ports.db, customerCode, [body.file_name]);
  if (!referenced.has(body.file_name)) throw forbidden();
  const key = documentKey(body.file_name);
  if ((await ports.storage.headObject(body.bucket_name, key)) === null) throw notFound();
  const url = await ports.storage.createDownloadUrl(body.bucket_name, key, {
    fileName: body.file_name,
    expiresInSeconds: ports.downloadTtlSeconds,
  });
  return { url };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const SEPARATOR_OR_CONTROL = /[/\\\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are replaced in zip names
const UNSAFE_IN_FILE_NAME = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/** A single file name: no folders, no traversal, no control characters. */
function isPlainFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    !SEPARATOR_OR_CONTROL.test(name) &&
    name !== '.' &&
    name !== '..' &&
    !/%(2f|5c|2e|00)/i.test(name)
  );
}

/** "<product prefix + label>_<YYYYMMDD>.zip" with characters unsafe in file names replaced. */
export function bulkZipName(downloadName: string, now: Date): string {
  const safe = downloadName.replace(UNSAFE_IN_FILE_NAME, '_').trim() || '書類';
  const jst = new Date(now.getTime() + 9 * 60 * 60 * 1000);
  const date = jst.toISOString().slice(0, 10).replaceAll('-', '');
  return `${safe}_${date}.zip`;
}

/**
 * POST /shared-file/get-shared-files: a short-lived URL of one zip with the chosen documents. Every
 * name must be referenced by the customer's ledger; names whose file is missing are left out and
 * reported with the caution flag. The zip is streamed when the URL is opened, one file at a time.
 */
export async function createBulkDownload(
  ports: OrderDocumentPorts,
  request: FastifyRequest,
  body: BulkDownloadBody,
) {
  if (body.folder_name !== ORDER_DOCUMENTS_FOLDER) {
    throw badRequest([
      {
        field: 'folder_name',
        message: `一括ダウンロードは ${ORDER_DOCUMENTS_FOLDER} フォルダの書類のみです。`,
      },
    ]);
  }
  const names = [...new Set(body.file_names)];
  if (!names.every(isPlainFileName)) {
    throw new HttpError(400, 'INVALID_PATH', 'ファイル名が正しくありません。');
  }
  const caller = await loadCaller(ports.db, request);
  const customerCode = await orderCustomerOfBucket(ports.db, caller, body.bucket_name);
  const referenced = await referencedFileNames(ports.db, customerCode, names);
  if (names.some((n) => !referenced.has(n))) throw forbidden();

  const present: string[] = [];
  const CONCURRENCY = 16;
  for (let i = 0; i < names.length; i += CONCURRENCY) {
    const batch = names.slice(i, i + CONCURRENCY);
    const heads = await Promise.all(
      batch.map((n) => ports.storage.headObject(body.bucket_name, documentKey(n))),
    );
    batch.forEach((n, j) => {
      if (heads[j] !== null) present.push(n);
    });
  }
  const missingCount = names.length - present.length;
  if (present.length === 0) {
    throw new HttpError(404, 'NOT_FOUND', '指定された書類のファイルが見つかりませんでした。');
  }
  const now = new Date();
  const fileName = bulkZipName(body.download_name, now);
  const id = randomBytes(24).toString('base64url');
  await ports.db.delete(bulkDownloads).where(lt(bulkDownloads.expires_at, now));
  await ports.db.insert(bulkDownloads).values({
    id,
    bucket: body.bucket_name,
    keys: present.map(documentKey),
    file_name: fileName,
    created_by: caller.uid,
    expires_at: new Date(now.getTime() + ports.downloadTtlSeconds * 1000),
  });
  request.log.info(
    { uid: caller.uid, customerCode, files: present.length, missing: missingCount },
    'bulk download prepared',
  );
  return {
    url: `${ports.publicBaseUrl}${BULK_DOWNLOAD_PATH}/${id}`,
    caution_flag: missingCount > 0,
    file_count: present.length,
    missing_count: missingCount,
    file_name: fileName,
  };
}

/** The prepared bulk download of an unguessable id, while it has not expired. */
export async function findBulkDownload(db: Database, id: string) {
  const [row] = await db.select().from(bulkDownloads).where(eq(bulkDownloads.id, id));
  if (!row || row.expires_at.getTime() <= Date.now()) return undefined;
  return row;
}
