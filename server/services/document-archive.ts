import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ORDER_DOCUMENTS_FOLDER } from '../../domain/constants';
import { documentRetentionEnd } from '../../domain/documents';
import { todayInJapan } from '../../domain/japan-time';
import { CHAIN_START, versionRecordHash } from '../repositories/document-chain';
import {
  appendDocumentVersions,
  type DocumentToArchive,
  documentsToArchive,
  type NewVersion,
  noteSourceModified,
  versionsInChainOrder,
} from '../repositories/documents-repository';
import { queueInvoiceMails } from '../repositories/invoice-mails-repository';
import { ObjectNotFoundError, type ObjectStorage } from '../storage/storage-port';
import { type InvoiceMailDeps, sendIssuedInvoiceMails } from './invoice-mails';
import type { DatabasePort } from './ports';

// The write-once archive (docs/decisions/030). The portal keeps its own copy of every content a
// document's PDF had: the object, in the archive bucket under its SHA-256, is written once and
// never replaced; a version row in the register says which document it was, chained to the row
// before it. A Spec file that differs from the document's latest version becomes the next
// version (a re-issue, 再発行); the earlier ones stay.

export interface DocumentArchivePorts extends DatabasePort {
  storage: ObjectStorage;
  /** DOCUMENT_ARCHIVE_BUCKET. */
  archiveBucket: string;
  /**
   * Given: the run's new invoice versions are told in 「請求書を発行しました」 mails, one per person
   * at the end of the run. The demo seed, which archives a year of invoices nobody is waiting
   * for, leaves it out.
   */
  invoiceMails?: InvoiceMailDeps;
}

/** What found a version: an import, the daily scan of the Spec folders, or a download. */
export type ArchiveSource = 'import' | 'scan' | 'download';

export interface ArchiveCounts {
  /** Documents looked at. */
  checked: number;
  /** First versions written. */
  archived: number;
  /** Later versions written (re-issues). */
  reissued: number;
  unchanged: number;
  /** Documents whose Spec file is not there (yet): the next scan looks again. */
  missing: number;
}

/** An archived object's key: its SHA-256, spread over 256 folders. */
export const archiveKey = (sha256: string) => `sha256/${sha256.slice(0, 2)}/${sha256}.pdf`;

const PAGE = 500;
/** Files read at once: the store's round trips overlap, the memory stays a few PDFs. */
const CONCURRENCY = 8;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What one document's Spec file gave: content to append as a version, or nothing new. */
type Looked =
  | { outcome: 'unchanged' | 'missing' }
  | { outcome: 'new'; document: DocumentToArchive; version: NewVersion };

/**
 * Looks at one document's Spec file; new content is put into the archive (write once: content
 * already there, from another document or an earlier run that stopped before its row, is never
 * written again) and answered as the version to append.
 */
async function lookAtOne(
  ports: DocumentArchivePorts,
  document: DocumentToArchive,
  source: ArchiveSource,
  now: () => Date,
): Promise<Looked> {
  const key = `${ORDER_DOCUMENTS_FOLDER}/${document.file_name}`;
  const head = await ports.storage.headObject(document.bucket, key);
  if (head === null) return { outcome: 'missing' };
  const { latest } = document;
  // The same size and time as when the latest version was read: the file was not rewritten.
  if (
    latest !== null &&
    latest.size === head.size &&
    latest.source_modified_at?.getTime() === head.lastModified.getTime()
  ) {
    return { outcome: 'unchanged' };
  }
  let bytes: Buffer;
  try {
    bytes = await readAll(await ports.storage.getObjectStream(document.bucket, key));
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return { outcome: 'missing' };
    throw error;
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (latest !== null && latest.sha256 === sha256) {
    await noteSourceModified(ports.db, document.id, latest.version, head.lastModified);
    return { outcome: 'unchanged' };
  }
  const objectKey = archiveKey(sha256);
  if (!(await ports.storage.exists(ports.archiveBucket, objectKey))) {
    await ports.storage.putObject(ports.archiveBucket, objectKey, bytes);
  }
  return {
    outcome: 'new',
    document,
    version: {
      document_id: document.id,
      doc_type: document.doc_type,
      doc_no: document.doc_no,
      customer_code: document.customer_code,
      doc_date: document.doc_date,
      amount: document.amount,
      file_name: document.file_name,
      size: bytes.length,
      sha256,
      archived_at: now(),
      source,
      source_modified_at: head.lastModified,
    },
  };
}

/**
 * Appends a page's new contents to the register in one transaction, with the new invoice
 * versions queued for their mails. Answers what became of each (a version another process wrote
 * meanwhile is unchanged) and how many invoice versions were queued.
 */
async function appendPage(
  ports: DocumentArchivePorts,
  fresh: Extract<Looked, { outcome: 'new' }>[],
): Promise<{ outcomes: ('archived' | 'reissued' | 'unchanged')[]; queued: number }> {
  if (fresh.length === 0) return { outcomes: [], queued: 0 };
  return ports.db.transaction(async (tx) => {
    const versions = await appendDocumentVersions(
      tx,
      fresh.map((f) => f.version),
    );
    const invoiceVersions = ports.invoiceMails
      ? versions.flatMap((version, index) =>
          version !== null && fresh[index]!.document.doc_type === 'invoice' ? [version.id] : [],
        )
      : [];
    await queueInvoiceMails(tx, invoiceVersions);
    return {
      outcomes: versions.map((version) =>
        version === null ? 'unchanged' : version.version === 1 ? 'archived' : 'reissued',
      ),
      queued: invoiceVersions.length,
    };
  });
}

/**
 * Archives the documents' Spec files that are new content: the given documents (after an import,
 * or the one being downloaded), or every document (the daily scan). A file the store cannot give
 * now is left to the next scan; the store being away stops the run. Each page's objects are put
 * first and its rows written after, together: a run stopped between the two leaves objects that
 * the next run finds there and does not write again.
 */
export async function archiveDocuments(
  ports: DocumentArchivePorts,
  options: { documentIds?: readonly number[]; source: ArchiveSource; now?: () => Date },
): Promise<ArchiveCounts> {
  const counts: ArchiveCounts = { checked: 0, archived: 0, reissued: 0, unchanged: 0, missing: 0 };
  if (options.documentIds?.length === 0) return counts;
  const now = options.now ?? (() => new Date());
  let afterId = 0;
  let queued = 0;
  for (;;) {
    const page = await documentsToArchive(ports.db, {
      ...(options.documentIds ? { ids: options.documentIds } : {}),
      afterId,
      limit: PAGE,
    });
    if (page.length === 0) break;
    const fresh: Extract<Looked, { outcome: 'new' }>[] = [];
    for (let i = 0; i < page.length; i += CONCURRENCY) {
      const looked = await Promise.all(
        page.slice(i, i + CONCURRENCY).map((d) => lookAtOne(ports, d, options.source, now)),
      );
      for (const one of looked) {
        if (one.outcome === 'new') fresh.push(one);
        else counts[one.outcome]++;
      }
    }
    const appended = await appendPage(ports, fresh);
    for (const outcome of appended.outcomes) counts[outcome]++;
    queued += appended.queued;
    counts.checked += page.length;
    afterId = page.at(-1)!.id;
  }
  // The run's invoices in one mail per person. The daily scan also sends what a run stopped
  // before its mails left queued.
  if (ports.invoiceMails && (queued > 0 || options.source === 'scan')) {
    await sendIssuedInvoiceMails(ports.db, ports.invoiceMails);
  }
  return counts;
}

/** One thing `npm run documents:verify` found wrong. */
export interface ArchiveProblem {
  versionId: number;
  kind: 'chain' | 'record' | 'object-missing' | 'object-changed';
  message: string;
}

/**
 * Re-reads the whole register and every archived object: each row must follow the one before it
 * (prev_hash), its fields must still give its record_hash, and its object must still be there
 * with its size and SHA-256. A version retention removed has no object to read.
 */
export async function verifyDocumentArchive(
  ports: DocumentArchivePorts,
  onProgress?: (checked: number) => void,
): Promise<{
  checked: number;
  problems: ArchiveProblem[];
  /** The last row: a later run ending before it shows rows cut from the end. */
  head: { id: number; recordHash: string } | null;
}> {
  const problems: ArchiveProblem[] = [];
  let head: { id: number; recordHash: string } | null = null;
  let previousHash = CHAIN_START;
  let afterId = 0;
  let checked = 0;
  for (;;) {
    const page = await versionsInChainOrder(ports.db, afterId, PAGE);
    if (page.length === 0) break;
    for (const row of page) {
      const where = `version ${row.id} (${row.doc_type} ${row.doc_no} v${row.version})`;
      if (row.prev_hash !== previousHash) {
        problems.push({
          versionId: row.id,
          kind: 'chain',
          message: `${where}: does not follow the row before it (a row was deleted, inserted or changed)`,
        });
      }
      if (versionRecordHash(row.prev_hash, row) !== row.record_hash) {
        problems.push({
          versionId: row.id,
          kind: 'record',
          message: `${where}: its fields no longer give its record hash (the row was changed)`,
        });
      }
      previousHash = row.record_hash;
      head = { id: row.id, recordHash: row.record_hash };
    }
    for (let i = 0; i < page.length; i += CONCURRENCY) {
      const found = await Promise.all(
        page
          .slice(i, i + CONCURRENCY)
          .filter((row) => row.removed_at === null)
          .map(async (row) => {
            const where = `version ${row.id} (${row.doc_type} ${row.doc_no} v${row.version})`;
            let bytes: Buffer;
            try {
              bytes = await readAll(
                await ports.storage.getObjectStream(ports.archiveBucket, archiveKey(row.sha256)),
              );
            } catch (error) {
              if (!(error instanceof ObjectNotFoundError)) throw error;
              return {
                versionId: row.id,
                kind: 'object-missing',
                message: `${where}: its archived object ${archiveKey(row.sha256)} is missing`,
              } satisfies ArchiveProblem;
            }
            const sha256 = createHash('sha256').update(bytes).digest('hex');
            if (sha256 !== row.sha256 || bytes.length !== row.size) {
              return {
                versionId: row.id,
                kind: 'object-changed',
                message: `${where}: its archived object ${archiveKey(row.sha256)} has changed (SHA-256 ${sha256}, ${bytes.length} bytes)`,
              } satisfies ArchiveProblem;
            }
            return null;
          }),
      );
      for (const problem of found) if (problem) problems.push(problem);
    }
    checked += page.length;
    onProgress?.(checked);
    afterId = page.at(-1)!.id;
  }
  problems.sort((a, b) => a.versionId - b.versionId);
  return { checked, problems, head };
}

/** What the retention pass found: versions whose retention has ended, none of them deleted. */
export interface RetentionReport {
  /** Versions looked at (not removed). */
  checked: number;
  /** Of those, the ones whose retention period has ended. */
  pastRetention: number;
  /** The earliest day (YYYY-MM-DD) on which a version still kept comes due; null for none. */
  nextDue: string | null;
}

/**
 * The retention pass (docs/decisions/030): which archived versions are past their retention
 * (DOCUMENT_RETENTION_YEARS after the latest filing deadline of the document's date or of its
 * archiving, domain/documents.ts). It reports and deletes nothing: the storage port has no delete,
 * and a version past retention is kept until a deletion is decided (the record says why).
 */
export async function reportDocumentRetention(
  ports: DatabasePort,
  years: number,
  now: Date,
): Promise<RetentionReport> {
  const today = todayInJapan(now);
  const report: RetentionReport = { checked: 0, pastRetention: 0, nextDue: null };
  let afterId = 0;
  for (;;) {
    const page = await versionsInChainOrder(ports.db, afterId, PAGE);
    if (page.length === 0) break;
    for (const row of page) {
      afterId = row.id;
      if (row.removed_at !== null) continue;
      report.checked++;
      const end = documentRetentionEnd(row.doc_date, todayInJapan(row.archived_at), years);
      if (end <= today) report.pastRetention++;
      else if (report.nextDue === null || end < report.nextDue) report.nextDue = end;
    }
  }
  return report;
}
