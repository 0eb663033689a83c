import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions, invoices } from '../../db/schema';
import { documentRetentionEnd } from '../../domain/documents';
import { todayInJapan } from '../../domain/japan-time';
import { untilNextRun } from '../../server/plugins/document-archive-check';
import { archiveDocuments, archiveKey } from '../../server/services/document-archive';
import { bearer, signIn } from './helpers/auth';
import { createInvoice, type InvoiceCsvRow, invoiceCsv } from './helpers/invoice-factory';
import { createTestApp, type TestApp } from './helpers/test-app';

// The documents archive's daily job (docs/decisions/030): the scan, the check of the hash chain
// with its alert, and the retention report, which deletes nothing.

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
const versionOf = async (row: InvoiceCsvRow) => {
  const [version] = await t.database.db
    .select({
      id: documentVersions.id,
      sha256: documentVersions.sha256,
      removed_at: documentVersions.removed_at,
    })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.document_id))
    .innerJoin(invoices, eq(invoices.id, documents.invoice_id))
    .where(eq(invoices.invoice_no, row.invoice_no));
  return version!;
};
const gauge = async (name: string) => {
  const text = await t.platform.metrics.registry.getSingleMetricAsString(name);
  return Number(/\n[a-z_]+ (\S+)/.exec(text)?.[1]);
};

describe('the documents archive’s daily job', () => {
  // Invoiced and archived in 2014: its ten years after the filing deadline are over.
  const old = createInvoice({ invoice_date: '2014-03-31', closing_date: '2014-03-31' });
  const young = createInvoice();

  it('runs at night in Japan: the next 03:00 JST', () => {
    // 2026-11-27 12:00 UTC is 21:00 in Japan: six hours to 03:00.
    expect(untilNextRun(new Date('2026-11-27T12:00:00Z'))).toBe(6 * 3_600_000);
    // 17:59 UTC is 02:59 in Japan: one minute.
    expect(untilNextRun(new Date('2026-11-27T17:59:00Z'))).toBe(60_000);
  });

  it('the scan archives a PDF placed after its import, and the chain is whole', async () => {
    await importInvoices([old]);
    await t.platform.storage.putObject(BUCKET, `Spec/${old.file_name}`, pdf('2014'));
    await archiveDocuments(
      {
        db: t.database.db,
        storage: t.platform.storage,
        archiveBucket: t.config.DOCUMENT_ARCHIVE_BUCKET,
      },
      { source: 'scan', now: () => new Date('2014-04-01T00:00:00Z') },
    );
    await t.platform.storage.putObject(BUCKET, `Spec/${young.file_name}`, pdf('young'));
    await importInvoices([young]);
    const result = await t.app.runDocumentArchiveCheck(new Date());
    expect(result.problems).toEqual([]);
    expect(result.verified).toBe(2);
    expect(await gauge('portal_document_archive_problems')).toBe(0);
  });

  it('reports the version past retention and deletes no version, younger or older', async () => {
    const now = new Date();
    const result = await t.app.runDocumentArchiveCheck(now);
    expect(result.retention).toEqual({
      checked: 2,
      pastRetention: 1,
      nextDue: documentRetentionEnd(young.invoice_date, todayInJapan(now), 10),
    });
    expect(await gauge('portal_document_versions_past_retention')).toBe(1);
    for (const row of [young, old]) {
      const version = await versionOf(row);
      expect(version.removed_at).toBeNull();
      expect(
        await t.platform.storage.exists(
          t.config.DOCUMENT_ARCHIVE_BUCKET,
          archiveKey(version.sha256),
        ),
      ).toBe(true);
    }
  });

  it('a changed version row breaks the chain: the check names it and the gauge alerts', async () => {
    const version = await versionOf(old);
    await t.database.db
      .update(documentVersions)
      .set({ amount: 1 })
      .where(eq(documentVersions.id, version.id));
    const result = await t.app.runDocumentArchiveCheck(new Date());
    expect(result.problems).toEqual([
      expect.objectContaining({ versionId: version.id, kind: 'record' }),
    ]);
    expect(await gauge('portal_document_archive_problems')).toBe(1);
  });
});
