import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type {
  bulkDownloadBodySchema,
  LedgerFileAnswer,
  ledgerFileQuerySchema,
} from '../../domain/api/order-documents';
import { ORDER_DOCUMENTS_FOLDER } from '../../domain/constants';
import { todayInJapan } from '../../domain/japan-time';
import { plainFileNameProblem } from '../../domain/shared-path';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import { recordAudit } from '../repositories/audit-log-repository';
import {
  type BulkDownloadRow,
  findBulkDownloadRow,
  insertBulkDownload,
} from '../repositories/bulk-downloads-repository';
import { bucketOfCustomer, customerCodesOfBucket } from '../repositories/customers-repository';
import { findLineDocuments, referencedDocumentNames } from '../repositories/ledger-repository';
import type { ObjectStorage } from '../storage/storage-port';
import { authorize, maySeeBucket, maySeeCustomer, visibleCustomerOfBucket } from './authorization';
import type { Caller } from './caller';
import type { DocumentTicketSigner } from './document-tickets';
import { receiptUserOf } from './documents-service';
import { auditActorOf, type DatabasePort, type LogPort } from './ports';

// Order documents: invoices, shipping notices and delivery slips of the ledger's
// lines, in the customer's bucket under Spec/. Paths come from the database, never from the client:
// a file name a client sends is only accepted when one of the customer's lines references it.

type LedgerFileQuery = z.infer<typeof ledgerFileQuerySchema>;
type BulkDownloadBody = z.infer<typeof bulkDownloadBodySchema>;

export interface OrderDocumentPorts extends DatabasePort {
  storage: ObjectStorage;
  downloadTtlSeconds: number;
  publicBaseUrl: string;
  /** One document's URL is a download ticket the portal serves (docs/decisions/030). */
  tickets: DocumentTicketSigner;
  log: LogPort;
}

/**
 * The URL of one Spec file for the caller: a ticket the portal serves, which records the download
 * in the audit log when it is opened — not now, when the URL may only be prefetched ahead of a
 * click (the orders screen signs a line's links when it is hovered).
 */
function specTicketUrl(
  ports: OrderDocumentPorts,
  caller: Caller,
  customerCode: number,
  fileName: string,
  orderLine: string | null,
): string {
  return (
    ports.publicBaseUrl +
    ports.tickets.url({
      kind: 'spec',
      customerCode,
      fileName,
      userId: receiptUserOf(caller, customerCode),
      orderLine,
      expiresAt: Math.floor(Date.now() / 1000) + ports.downloadTtlSeconds,
    })
  );
}

export const BULK_DOWNLOAD_PATH = '/api/storage/bulk';
const documentKey = (fileName: string) => `${ORDER_DOCUMENTS_FOLDER}/${fileName}`;

/** GET /spec/specified-ledger-file-path: signed URLs of the three documents of one line. */
export async function ledgerFileLinks(
  ports: OrderDocumentPorts,
  caller: Caller,
  query: LedgerFileQuery,
): Promise<LedgerFileAnswer> {
  // The line's customer is the rule's target, so the line is read first; a line of another
  // customer is refused before any of its documents is looked at.
  const line = await findLineDocuments(ports.db, query);
  if (!line) throw notFound();
  authorize(maySeeCustomer(caller, line.customerCode));
  const bucket = await bucketOfCustomer(ports.db, line.customerCode);
  if (!bucket) throw notFound();

  const orderLine = `${query.sale_order_no}-${query.sale_order_line_no}`;
  const linkOf = async (fileName: string) => {
    if (!fileName) return { file_name: '', url: null, missing: false };
    const key = documentKey(fileName);
    if ((await ports.storage.headObject(bucket, key)) === null) {
      return { file_name: fileName, url: null, missing: true };
    }
    const url = specTicketUrl(ports, caller, line.customerCode, fileName, orderLine);
    return { file_name: fileName, url, missing: false };
  };
  const [invoice, shipped, delivery] = await Promise.all([
    linkOf(line.invoice),
    linkOf(line.shipped),
    linkOf(line.delivery),
  ]);
  ports.log.info(
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
  ports: OrderDocumentPorts,
  caller: Caller,
  bucketName: string,
): Promise<number> {
  const codes = await customerCodesOfBucket(ports.db, bucketName);
  authorize(maySeeBucket(caller, codes));
  return visibleCustomerOfBucket(caller, codes)!;
}

/** A single file name: the shared files' rule (domain/shared-path.ts), the ledger import's too. */
function assertPlainFileNames(names: readonly string[]): void {
  if (names.some((name) => plainFileNameProblem(name) !== null)) {
    throw new HttpError(400, 'INVALID_PATH', 'ファイル名が正しくありません。');
  }
}

/**
 * POST /shared-file/get-shared-url with folder_name "Spec": one order document of the caller's
 * customer, when a ledger line of that customer references it.
 */
export async function orderDocumentUrl(
  ports: OrderDocumentPorts,
  caller: Caller,
  body: { bucket_name: string; file_name: string },
): Promise<{ url: string }> {
  assertPlainFileNames([body.file_name]);
  const customerCode = await orderCustomerOfBucket(ports, caller, body.bucket_name);
  const referenced = await referencedDocumentNames(ports.db, customerCode, [body.file_name]);
  if (!referenced.has(body.file_name)) throw forbidden();
  const key = documentKey(body.file_name);
  if ((await ports.storage.headObject(body.bucket_name, key)) === null) throw notFound();
  return { url: specTicketUrl(ports, caller, customerCode, body.file_name, null) };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: they are replaced in zip names
const UNSAFE_IN_FILE_NAME = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/** "<product prefix + label>_<YYYYMMDD>.zip" with characters unsafe in file names replaced. */
export function bulkZipName(downloadName: string, now: Date): string {
  const safe = downloadName.replace(UNSAFE_IN_FILE_NAME, '_').trim() || '書類';
  const date = todayInJapan(now).replaceAll('-', '');
  return `${safe}_${date}.zip`;
}

/** The list of missing files a zip holds when some asked-for files did not exist. */
export const MISSING_LIST_NAME = 'missing.txt';
export const MISSING_LIST_HEADING =
  '次のファイルは存在しないため、このZIPファイルに含まれていません。';

/**
 * POST /shared-file/get-shared-files: a short-lived URL of one zip with the chosen documents. Every
 * name must be referenced by the customer's ledger; names whose file is missing are left out and
 * reported with the caution flag. The zip is streamed when the URL is opened, one file at a time.
 */
export async function createBulkDownload(
  ports: OrderDocumentPorts,
  caller: Caller,
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
  assertPlainFileNames(names);
  const customerCode = await orderCustomerOfBucket(ports, caller, body.bucket_name);
  const referenced = await referencedDocumentNames(ports.db, customerCode, names);
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
  const presentNames = new Set(present);
  const missingFiles = names.filter((n) => !presentNames.has(n));
  if (present.length === 0) {
    throw new HttpError(404, 'NOT_FOUND', '指定された書類のファイルが見つかりませんでした。');
  }
  const now = new Date();
  const fileName = bulkZipName(body.download_name, now);
  const id = randomBytes(24).toString('base64url');
  await insertBulkDownload(
    ports.db,
    {
      id,
      bucket: body.bucket_name,
      keys: present.map(documentKey),
      missing_files: missingFiles,
      file_name: fileName,
      created_by: caller.uid,
      expires_at: new Date(now.getTime() + ports.downloadTtlSeconds * 1000),
    },
    now,
  );
  ports.log.info(
    { uid: caller.uid, customerCode, files: present.length, missing: missingCount },
    'bulk download prepared',
  );
  await recordAudit(ports.db, {
    ...auditActorOf(caller),
    action: 'document.bulk-download',
    entity: 'document',
    entityId: fileName,
    customerCode,
    before: null,
    after: { zip: fileName, files: present, missing: missingCount },
  });
  return {
    url: `${ports.publicBaseUrl}${BULK_DOWNLOAD_PATH}/${id}`,
    caution_flag: missingCount > 0,
    file_count: present.length,
    missing_count: missingCount,
    missing_files: missingFiles,
    file_name: fileName,
  };
}

/** The prepared bulk download of an unguessable id, while it has not expired. */
export async function findBulkDownload(
  deps: DatabasePort,
  id: string,
  now = new Date(),
): Promise<BulkDownloadRow | undefined> {
  const row = await findBulkDownloadRow(deps.db, id);
  if (!row || row.expires_at.getTime() <= now.getTime()) return undefined;
  return row;
}
