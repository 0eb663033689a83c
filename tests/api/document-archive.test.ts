import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions, invoices } from '../../db/schema';
import {
  archiveDocuments,
  archiveKey,
  verifyDocumentArchive,
} from '../../server/services/document-archive';
import { bearer, signIn } from './helpers/auth';
import { createInvoice, type InvoiceCsvRow, invoiceCsv } from './helpers/invoice-factory';
import { createTestApp, type TestApp } from './helpers/test-app';

// The documents' write-once archive (docs/decisions/030): an import copies each invoice's PDF
// into the archive, a changed PDF becomes a new version beside the earlier ones, and every
// version row is chained to the one before it.

let t: TestApp;
let staff: string;
const BUCKET = 'portal-10001';

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000' },
  });
  staff = (await signIn(t.app, 'staff@example.com')).token;
});
afterAll(async () => t?.close());

const ports = () => ({
  db: t.database.db,
  storage: t.platform.storage,
  archiveBucket: t.config.DOCUMENT_ARCHIVE_BUCKET,
});
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

const importInvoices = async (rows: readonly InvoiceCsvRow[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/spec/import-invoices',
    payload: invoiceCsv(rows),
    headers: { ...bearer(staff), 'content-type': 'text/csv; charset=utf-8' },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const putSpec = (fileName: string, bytes: Buffer) =>
  t.platform.storage.putObject(BUCKET, `Spec/${fileName}`, bytes);
const versionsOf = async (row: InvoiceCsvRow) =>
  t.database.db
    .select({
      version: documentVersions.version,
      sha256: documentVersions.sha256,
      size: documentVersions.size,
      amount: documentVersions.amount,
      doc_date: documentVersions.doc_date,
      source: documentVersions.source,
    })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.document_id))
    .innerJoin(invoices, eq(invoices.id, documents.invoice_id))
    .where(eq(invoices.invoice_no, row.invoice_no))
    .orderBy(asc(documentVersions.version));
const archived = async (hash: string) => {
  const chunks: Buffer[] = [];
  const stream = await t.platform.storage.getObjectStream(
    t.config.DOCUMENT_ARCHIVE_BUCKET,
    archiveKey(hash),
  );
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('the documents archive', () => {
  const first = pdf('invoice one, first issue');
  const row = createInvoice();
  const later = createInvoice();

  it('an import archives each invoice PDF found in Spec once, with what the invoice says', async () => {
    await putSpec(row.file_name, first);
    // The second invoice's PDF is not there yet: the invoice is registered all the same.
    await importInvoices([row, later]);
    expect(await versionsOf(row)).toEqual([
      {
        version: 1,
        sha256: sha256(first),
        size: first.length,
        amount: 146632,
        doc_date: '2026-10-31',
        source: 'import',
      },
    ]);
    expect(await archived(sha256(first))).toEqual(first);
    expect(await versionsOf(later)).toEqual([]);
    const registered = await t.database.db
      .select({ doc_no: documents.doc_no, doc_type: documents.doc_type })
      .from(documents)
      .where(inArray(documents.doc_no, [row.invoice_no, later.invoice_no]));
    expect(registered).toHaveLength(2);
  });

  it('a re-import of the same file and PDF adds no version', async () => {
    await importInvoices([row, later]);
    expect(await versionsOf(row)).toHaveLength(1);
  });

  it('a PDF that changed under the same name becomes version 2; version 1 stays archived', async () => {
    const reissued = pdf('invoice one, corrected');
    await putSpec(row.file_name, reissued);
    await importInvoices([row]);
    const versions = await versionsOf(row);
    expect(versions.map((v) => [v.version, v.sha256])).toEqual([
      [1, sha256(first)],
      [2, sha256(reissued)],
    ]);
    expect(await archived(sha256(first))).toEqual(first);
    expect(await archived(sha256(reissued))).toEqual(reissued);
  });

  it('a PDF that arrives after the import is archived by the scan of the Spec folders', async () => {
    const bytes = pdf('invoice two');
    await putSpec(later.file_name, bytes);
    const counts = await archiveDocuments(ports(), { source: 'scan' });
    expect(counts).toMatchObject({ archived: 1, reissued: 0 });
    expect((await versionsOf(later)).map((v) => [v.version, v.source])).toEqual([[1, 'scan']]);
    // A second scan finds nothing new.
    expect(await archiveDocuments(ports(), { source: 'scan' })).toMatchObject({
      archived: 0,
      reissued: 0,
    });
  });

  it('the chain and every object verify', async () => {
    const result = await verifyDocumentArchive(ports());
    expect(result.problems).toEqual([]);
    expect(result.checked).toBe(3);
  });

  it('one import of more invoices than a page of the archive run chains every version in id order', async () => {
    // A page's versions go into the register together (500 documents a page).
    const many = Array.from({ length: 520 }, () => createInvoice());
    for (const [index, invoice] of many.entries()) {
      await putSpec(invoice.file_name, pdf(`invoice ${invoice.invoice_no} ${index}`));
    }
    await importInvoices(many);
    const written = await t.database.db
      .select({ id: documentVersions.id, doc_no: documentVersions.doc_no })
      .from(documentVersions)
      .where(
        inArray(
          documentVersions.doc_no,
          many.map((invoice) => invoice.invoice_no),
        ),
      )
      .orderBy(asc(documentVersions.id));
    expect(written).toHaveLength(many.length);
    const result = await verifyDocumentArchive(ports());
    expect(result.problems).toEqual([]);
    expect(result.checked).toBe(3 + many.length);
  });
});
