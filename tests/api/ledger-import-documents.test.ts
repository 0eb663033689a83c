import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema';
import { archiveDocuments } from '../../server/services/document-archive';
import { bearer, signIn } from './helpers/auth';
import { createLedgerItem, ledgerCsv } from './helpers/ledger-factory';
import { createTestApp, type TestApp } from './helpers/test-app';

// After an import's lines are committed, the shipping notices and delivery slips they name go
// into the documents' archive (docs/decisions/030). That step looks only at the files the lines
// name, whatever number of documents the customer already has, and a failure in it never turns
// an import that was written into an error answer: the daily check archives what was missed.

let t: TestApp;
let staff: string;
const BUCKET = 'portal-10001';
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000' },
  });
  staff = (await signIn(t.app, 'staff@example.com')).token;
});
afterAll(async () => t?.close());

const importLines = (lines: readonly ReturnType<typeof createLedgerItem>[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/spec/import-ledger',
    payload: ledgerCsv(lines),
    headers: { ...bearer(staff), 'content-type': 'text/csv; charset=utf-8' },
  });
const versionsOfFile = async (fileName: string) =>
  t.database.db
    .select({ version: documentVersions.version, source: documentVersions.source })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.document_id))
    .where(eq(documents.file_name, fileName));
const archivePorts = () => ({
  db: t.database.db,
  storage: t.platform.storage,
  archiveBucket: t.config.DOCUMENT_ARCHIVE_BUCKET,
});

describe('the documents an import names', () => {
  it('are archived even when the customer has more documents than one statement may name', async () => {
    // 70,000 earlier shipping notices: more than PostgreSQL's 65,535 parameters of a statement.
    await t.database.db.execute(sql`
      insert into documents (doc_type, doc_no, customer_code, doc_date, amount, file_name)
      select 'shipping_notice', 'DN-OLD-' || n, 10001, date '2025-01-01', 1000, 'old_' || n || '.pdf'
      from generate_series(1, 70000) as n`);
    await t.platform.storage.putObject(BUCKET, 'Spec/出荷案内_DN-BIG-1.pdf', pdf('DN-BIG-1'));

    const res = await importLines([
      createLedgerItem({ delivery_no: 'DN-BIG-1', shipped_file_name: '出荷案内_DN-BIG-1.pdf' }),
    ]);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, inserted: 1 });
    expect(await versionsOfFile('出荷案内_DN-BIG-1.pdf')).toEqual([
      { version: 1, source: 'import' },
    ]);
  });

  it('a failing archive answers what the import wrote; the next check archives the PDF', async () => {
    await t.platform.storage.putObject(BUCKET, 'Spec/出荷案内_DN-ARC-1.pdf', pdf('DN-ARC-1'));
    // The archive's storage goes wrong: its bucket's place is taken by a file.
    const archiveRoot = join(t.dataDir, 'storage', t.config.DOCUMENT_ARCHIVE_BUCKET);
    rmSync(archiveRoot, { recursive: true, force: true });
    writeFileSync(archiveRoot, 'not a folder');
    try {
      const res = await importLines([
        createLedgerItem({ delivery_no: 'DN-ARC-1', shipped_file_name: '出荷案内_DN-ARC-1.pdf' }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ total: 1, inserted: 1 });
      expect(await versionsOfFile('出荷案内_DN-ARC-1.pdf')).toEqual([]);
    } finally {
      rmSync(archiveRoot, { force: true });
      mkdirSync(archiveRoot);
    }

    await archiveDocuments(archivePorts(), { source: 'scan' });
    expect(await versionsOfFile('出荷案内_DN-ARC-1.pdf')).toEqual([{ version: 1, source: 'scan' }]);
  });
});
