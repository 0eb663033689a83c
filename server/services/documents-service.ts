import type { Readable } from 'node:stream';
import type {
  DocumentListQuery,
  DocumentPage,
  DocumentVersionsAnswer,
  DocumentZipAnswer,
  DocumentZipQuery,
} from '../../domain/api/documents';
import { DOCUMENT_PAGE_SIZE, DOCUMENT_ZIP_MAX_FILES } from '../../domain/api/documents';
import { ORDER_DOCUMENTS_FOLDER, STAFF_CUSTOMER_CODE } from '../../domain/constants';
import { DOCUMENT_TYPES, type DocumentType } from '../../domain/documents';
import { todayInJapan } from '../../domain/japan-time';
import { badRequest, HttpError, notFound } from '../errors';
import { recordAudit } from '../repositories/audit-log-repository';
import { bucketOfCustomer } from '../repositories/customers-repository';
import {
  type DocumentRow,
  documentsForZip,
  documentsOfSpecFile,
  findDocument,
  findVersion,
  recordDownloads,
  searchDocuments,
  type VersionRow,
  versionsOfDocument,
} from '../repositories/documents-repository';
import { findManagedUser } from '../repositories/users-repository';
import { ObjectNotFoundError, type ObjectStorage } from '../storage/storage-port';
import { authorize, customerScope, maySeeCustomer, maySeeDownloadReceipts } from './authorization';
import type { Caller } from './caller';
import { archiveDocuments, archiveKey, type DocumentArchivePorts } from './document-archive';
import {
  type DocumentTicket,
  type DocumentTicketSigner,
  TicketError,
  type ZipSearch,
} from './document-tickets';

// The documents screen (docs/decisions/030): the documents of the customers a caller may see,
// their archived versions, and a click's download ticket. The customers come from the verified
// token: staff choose one (as on the orders screen), everybody else searches the codes they hold.

export interface DocumentsPorts extends DocumentArchivePorts {
  tickets: DocumentTicketSigner;
  downloadTtlSeconds: number;
  publicBaseUrl: string;
}

/** The customers a search covers; staff must name one. */
function searchedCustomers(caller: Caller, customerCode: number | undefined): number[] {
  if (customerCode !== undefined) {
    authorize(maySeeCustomer(caller, customerCode));
    return [customerCode];
  }
  const scope = customerScope(caller);
  if (scope === 'all') {
    throw badRequest([{ field: 'customer_code', message: '取引先を選択してください。' }]);
  }
  return [...new Set(scope)];
}

/** The search of the list's (and the zip's) filters, the customers read from the caller. */
function searchOf(caller: Caller, filter: DocumentZipQuery): ZipSearch {
  const customerCodes = searchedCustomers(caller, filter.customer_code);
  return {
    customerCodes,
    receiptCodes: customerCodes.filter(
      (code) => maySeeDownloadReceipts(caller, code) === 'allowed',
    ),
    myUserIds: caller.rows.map((r) => r.userId),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.date_from ? { dateFrom: filter.date_from } : {}),
    ...(filter.date_to ? { dateTo: filter.date_to } : {}),
    ...(filter.amount_min !== undefined ? { amountMin: filter.amount_min } : {}),
    ...(filter.amount_max !== undefined ? { amountMax: filter.amount_max } : {}),
    ...(filter.doc_no ? { docNo: filter.doc_no } : {}),
    ...(filter.delivery_no ? { deliveryNo: filter.delivery_no } : {}),
    ...(filter.not_downloaded ? { notDownloaded: true } : {}),
  };
}

/** GET /documents: one page of the filtered documents. */
export async function listDocumentsAsCaller(
  ports: DocumentArchivePorts,
  caller: Caller,
  query: DocumentListQuery,
): Promise<DocumentPage> {
  const search = searchOf(caller, query);
  const { items, total } = await searchDocuments(
    ports.db,
    search,
    { sort: query.sort, direction: query.order },
    { limit: DOCUMENT_PAGE_SIZE, offset: (query.page - 1) * DOCUMENT_PAGE_SIZE },
  );
  return {
    items: items.map((item) => ({
      id: item.id,
      type: item.type as DocumentType,
      doc_date: item.doc_date,
      doc_no: item.doc_no,
      customer_code: item.customer_code,
      customer_name: item.customer_name,
      amount: item.amount,
      registration_no: item.registration_no,
      file_name: item.file_name,
      version: item.version,
      reissued_on:
        item.version !== null && item.version > 1 && item.latest_archived_at
          ? todayInJapan(item.latest_archived_at)
          : null,
      first_download: item.first_download
        ? { at: item.first_download.at.toISOString(), user_name: item.first_download.user_name }
        : null,
      downloaded_by_me: item.downloaded_by_me,
    })),
    total,
    page: query.page,
    per_page: DOCUMENT_PAGE_SIZE,
    receipts_visible: search.receiptCodes.length > 0,
  };
}

/**
 * A document the caller may see. Staff are told 404 for one that does not exist; everybody else
 * 403 either way, so that a number tried says nothing of other customers' documents.
 */
async function visibleDocument(
  ports: DocumentArchivePorts,
  caller: Caller,
  id: number,
): Promise<DocumentRow> {
  const document = await findDocument(ports.db, id);
  if (!document) {
    authorize(caller.isStaff ? 'not-found' : 'forbidden');
    throw notFound();
  }
  authorize(maySeeCustomer(caller, document.customer_code));
  return document;
}

/** GET /documents/{id}/versions: every archived version, first to latest. */
export async function documentVersionsAsCaller(
  ports: DocumentArchivePorts,
  caller: Caller,
  id: number,
): Promise<DocumentVersionsAnswer> {
  const document = await visibleDocument(ports, caller, id);
  const versions = await versionsOfDocument(ports.db, document.id);
  return {
    document_id: document.id,
    versions: versions.map((v) => ({
      version: v.version,
      archived_at: v.archived_at.toISOString(),
      doc_date: v.doc_date,
      amount: v.amount,
      size: v.size,
      sha256: v.sha256,
      reissued: v.version > 1,
      removed: v.removed_at !== null,
    })),
  };
}

/** The user row a receipt names: the caller's row of the document's customer, else staff's. */
export function receiptUserOf(caller: Caller, customerCode: number): number {
  const own = caller.rows.find((r) => r.customerCode === customerCode);
  return (own ?? caller.rows.find((r) => r.customerCode === STAFF_CUSTOMER_CODE) ?? caller.rows[0]!)
    .userId;
}

/**
 * POST /documents/{id}/download: the URL of one version (the latest when none is named). Before
 * the latest is handed out the Spec file is looked at again, so a PDF re-issued since the last
 * scan is archived as the next version first. Nothing is recorded here: the receipt is written
 * when the URL is opened.
 */
export async function prepareDocumentDownload(
  ports: DocumentsPorts,
  caller: Caller,
  id: number,
  body: { version?: number | undefined },
): Promise<{ url: string }> {
  const document = await visibleDocument(ports, caller, id);
  if (body.version === undefined) {
    await archiveDocuments(ports, { documentIds: [document.id], source: 'download' });
  }
  const versions = await versionsOfDocument(ports.db, document.id);
  const chosen: VersionRow | undefined =
    body.version === undefined
      ? versions.filter((v) => v.removed_at === null).at(-1)
      : versions.find((v) => v.version === body.version);
  if (!chosen) {
    throw new HttpError(
      404,
      'NOT_FOUND',
      body.version === undefined
        ? 'この書類のPDFはまだ登録されていません。'
        : '指定された版はありません。',
    );
  }
  if (chosen.removed_at !== null) {
    throw new HttpError(410, 'GONE', 'この版は保存期間を過ぎたため削除されました。');
  }
  const url =
    ports.publicBaseUrl +
    ports.tickets.url({
      kind: 'version',
      versionId: chosen.id,
      userId: receiptUserOf(caller, document.customer_code),
      expiresAt: Math.floor(Date.now() / 1000) + ports.downloadTtlSeconds,
    });
  return { url };
}

const EXPIRED_MESSAGE =
  'ダウンロードURLの有効期限が切れています。画面からもう一度ダウンロードしてください。';
const INVALID_MESSAGE = 'ダウンロードURLが正しくありません。';

/** The name a version is saved under: the file's own name, with 「_第n版」 before .pdf after a re-issue. */
export function versionFileName(fileName: string, version: number): string {
  if (version <= 1) return fileName;
  const dot = fileName.lastIndexOf('.');
  const [stem, extension] =
    dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  return `${stem}_第${version}版${extension}`;
}

export interface OpenedDownload {
  fileName: string;
  size: number;
  stream: Readable;
}

/**
 * GET /api/documents/file: a download ticket opened. This is the download itself, so it is
 * recorded here: a receipt of the version (who, when, from which address) and an audit entry; a
 * Spec file of the orders screen gets the audit entry. The ticket was issued to a user row that
 * could see the document; a row deleted since may no longer fetch it.
 */
export function verifyDocumentTicket(
  ports: DocumentsPorts,
  query: { t: string; sig: string },
): DocumentTicket {
  try {
    return ports.tickets.verify(query, Date.now());
  } catch (error) {
    if (error instanceof TicketError) {
      throw error.reason === 'expired'
        ? new HttpError(410, 'LINK_EXPIRED', EXPIRED_MESSAGE)
        : new HttpError(403, 'FORBIDDEN', INVALID_MESSAGE);
    }
    throw error;
  }
}

export async function openDocumentTicket(
  ports: DocumentsPorts,
  ticket: Exclude<DocumentTicket, { kind: 'zip' }>,
  client: { ip: string | null; userAgent: string | null },
): Promise<OpenedDownload> {
  const user = await findManagedUser(ports.db, ticket.userId);
  if (!user || user.delete_flag) throw new HttpError(403, 'FORBIDDEN', INVALID_MESSAGE);
  const actor = {
    actorUserId: ticket.userId,
    actorMail: user.mail,
    ipAddress: client.ip,
    userAgent: client.userAgent,
  };

  if (ticket.kind === 'spec') {
    const bucket = await bucketOfCustomer(ports.db, ticket.customerCode);
    if (!bucket) throw notFound();
    const archived = await openSpecFileAsArchived(ports, ticket, user, actor, client.ip);
    if (archived) return archived;
    // A file no document names (a line's file the register does not hold): served from Spec with
    // its audit entry, as before the archive.
    const key = `${ORDER_DOCUMENTS_FOLDER}/${ticket.fileName}`;
    const head = await ports.storage.headObject(bucket, key);
    if (!head) throw notFound();
    const stream = await openOrNotFound(ports.storage, bucket, key);
    await recordAudit(ports.db, {
      ...actor,
      action: 'document.download',
      entity: 'document',
      entityId: ticket.fileName,
      customerCode: ticket.customerCode,
      before: null,
      after: {
        file_name: ticket.fileName,
        ...(ticket.orderLine ? { order_line: ticket.orderLine } : {}),
      },
    });
    return { fileName: ticket.fileName, size: head.size, stream };
  }

  const version = await findVersion(ports.db, ticket.versionId);
  if (!version) throw notFound();
  if (version.removed_at !== null) {
    throw new HttpError(410, 'GONE', 'この版は保存期間を過ぎたため削除されました。');
  }
  const stream = await openOrNotFound(
    ports.storage,
    ports.archiveBucket,
    archiveKey(version.sha256),
  );
  await ports.db.transaction(async (tx) => {
    await recordDownloads(tx, [
      {
        document_id: version.document_id,
        version_id: version.id,
        user_id: ticket.userId,
        user_mail: user.mail,
        user_name: user.user_name,
        ip_address: client.ip,
        via: 'single',
      },
    ]);
    await recordAudit(tx, {
      ...actor,
      action: 'document.download',
      entity: 'document',
      entityId: version.file_name,
      customerCode: version.customer_code,
      before: null,
      after: { file_name: version.file_name, doc_no: version.doc_no, version: version.version },
    });
  });
  return {
    fileName: versionFileName(version.file_name, version.version),
    size: version.size,
    stream,
  };
}

/**
 * A Spec file of the orders screen that is a document: looked at again (a re-issue since the last
 * scan becomes the next version), then its latest archived version is served with the receipt a
 * download from the documents screen writes (one per document the file is), so the documents
 * screen's 未ダウンロード and first download count it. Null when no document has the file yet.
 */
async function openSpecFileAsArchived(
  ports: DocumentsPorts,
  ticket: Extract<DocumentTicket, { kind: 'spec' }>,
  user: { mail: string; user_name: string },
  actor: {
    actorUserId: number;
    actorMail: string;
    ipAddress: string | null;
    userAgent: string | null;
  },
  ip: string | null,
): Promise<OpenedDownload | null> {
  const named = await documentsOfSpecFile(ports.db, ticket.customerCode, ticket.fileName);
  if (named.length === 0) return null;
  await archiveDocuments(ports, { documentIds: named.map((d) => d.id), source: 'download' });
  const latest: VersionRow[] = [];
  for (const document of named) {
    const version = (await versionsOfDocument(ports.db, document.id))
      .filter((v) => v.removed_at === null)
      .at(-1);
    if (version) latest.push(version);
  }
  const served = latest[0];
  if (!served) return null;
  const stream = await openOrNotFound(
    ports.storage,
    ports.archiveBucket,
    archiveKey(served.sha256),
  );
  await ports.db.transaction(async (tx) => {
    await recordDownloads(
      tx,
      latest
        .filter((v) => v.sha256 === served.sha256)
        .map((v) => ({
          document_id: v.document_id,
          version_id: v.id,
          user_id: ticket.userId,
          user_mail: user.mail,
          user_name: user.user_name,
          ip_address: ip,
          via: 'single',
        })),
    );
    await recordAudit(tx, {
      ...actor,
      action: 'document.download',
      entity: 'document',
      entityId: ticket.fileName,
      customerCode: ticket.customerCode,
      before: null,
      after: {
        file_name: ticket.fileName,
        doc_no: served.doc_no,
        version: served.version,
        ...(ticket.orderLine ? { order_line: ticket.orderLine } : {}),
      },
    });
  });
  return { fileName: ticket.fileName, size: served.size, stream };
}

async function openOrNotFound(storage: ObjectStorage, bucket: string, key: string) {
  try {
    return await storage.getObjectStream(bucket, key);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw notFound();
    throw error;
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: they are replaced in zip entry names
const UNSAFE_IN_FILE_NAME = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;
const safe = (text: string) => text.replace(UNSAFE_IN_FILE_NAME, '_').trim();

/** A zip entry's name: YYYYMMDD_<取引先>_<金額>円_<番号>.pdf. */
export function zipEntryName(row: {
  doc_date: string;
  customer_name: string;
  amount: number;
  doc_no: string;
}): string {
  return `${row.doc_date.replaceAll('-', '')}_${safe(row.customer_name)}_${row.amount}円_${safe(row.doc_no)}.pdf`;
}

/**
 * POST /documents/zip: the URL of one zip of the filtered documents' latest archived versions (at
 * most DOCUMENT_ZIP_MAX_FILES). Nothing is recorded now: the receipts are written when the zip has
 * been delivered.
 */
export async function prepareDocumentZip(
  ports: DocumentsPorts,
  caller: Caller,
  filter: DocumentZipQuery,
): Promise<DocumentZipAnswer> {
  const search = searchOf(caller, filter);
  const rows = await documentsForZip(ports.db, search, DOCUMENT_ZIP_MAX_FILES + 1);
  if (rows.length > DOCUMENT_ZIP_MAX_FILES) {
    throw badRequest(
      [],
      `ZIPにまとめられるのは${DOCUMENT_ZIP_MAX_FILES.toLocaleString('ja-JP')}件までです。条件を絞り込んでください。`,
    );
  }
  if (rows.length === 0) {
    throw new HttpError(404, 'NOT_FOUND', '条件に合うダウンロードできる帳票はありません。');
  }
  const users = Object.fromEntries(
    search.customerCodes.map((code) => [String(code), receiptUserOf(caller, code)]),
  );
  const url =
    ports.publicBaseUrl +
    ports.tickets.url({
      kind: 'zip',
      search,
      users,
      expiresAt: Math.floor(Date.now() / 1000) + ports.downloadTtlSeconds,
    });
  return { url, count: rows.length };
}

const csvCell = (value: string | number) => `"${String(value).replaceAll('"', '""')}"`;

export interface ZipContent {
  fileName: string;
  entries: { name: string; bucket: string; key: string }[];
  /** index.csv, UTF-8 with a BOM. */
  index: Buffer;
  /** Writes the receipts of every entry: called once the zip has gone out whole. */
  delivered(): Promise<void>;
}

/** The zip of a ticket: its entries (read when streamed), index.csv and the receipts to write. */
export async function documentZipOf(
  ports: DocumentsPorts,
  ticket: Extract<DocumentTicket, { kind: 'zip' }>,
  client: { ip: string | null; userAgent: string | null },
): Promise<ZipContent> {
  const rows = await documentsForZip(ports.db, ticket.search, DOCUMENT_ZIP_MAX_FILES);
  const users = new Map<number, { id: number; mail: string; name: string }>();
  for (const [code, id] of Object.entries(ticket.users)) {
    const user = await findManagedUser(ports.db, id);
    if (!user || user.delete_flag) throw new HttpError(403, 'FORBIDDEN', INVALID_MESSAGE);
    users.set(Number(code), { id, mail: user.mail, name: user.user_name });
  }
  const used = new Set<string>();
  const lines = [
    ['取引年月日', '取引先', '金額', '番号', '種類', '版', 'ファイル名', 'SHA-256']
      .map(csvCell)
      .join(','),
  ];
  const entries = rows.map((row) => {
    let name = zipEntryName(row);
    // Two documents of one day, customer, amount and number (a shipping notice and its delivery
    // slip): the second is told apart by its type.
    if (used.has(name))
      name = name.replace(/\.pdf$/, `_${DOCUMENT_TYPES[row.type as DocumentType]}.pdf`);
    for (let n = 2; used.has(name); n++) name = name.replace(/(_\d+)?\.pdf$/, `_${n}.pdf`);
    used.add(name);
    lines.push(
      [
        row.doc_date,
        row.customer_name,
        row.amount,
        row.doc_no,
        DOCUMENT_TYPES[row.type as DocumentType],
        row.version,
        name,
        row.sha256,
      ]
        .map(csvCell)
        .join(','),
    );
    return { name, bucket: ports.archiveBucket, key: archiveKey(row.sha256) };
  });
  return {
    fileName: `帳票_${todayInJapan(new Date()).replaceAll('-', '')}.zip`,
    entries,
    index: Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8'),
    delivered: async () => {
      await ports.db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += 1000) {
          await recordDownloads(
            tx,
            rows.slice(i, i + 1000).map((row) => {
              const user = users.get(row.customer_code)!;
              return {
                document_id: row.document_id,
                version_id: row.version_id,
                user_id: user.id,
                user_mail: user.mail,
                user_name: user.name,
                ip_address: client.ip,
                via: 'zip' as const,
              };
            }),
          );
        }
        const first = users.values().next().value!;
        await recordAudit(tx, {
          actorUserId: first.id,
          actorMail: first.mail,
          ipAddress: client.ip,
          userAgent: client.userAgent,
          action: 'document.bulk-download',
          entity: 'document',
          entityId: null,
          customerCode:
            ticket.search.customerCodes.length === 1 ? ticket.search.customerCodes[0]! : null,
          before: null,
          after: { files: rows.length },
        });
      });
    },
  };
}
