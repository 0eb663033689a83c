import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVersions } from '../../db/schema';
import { seedDemoDataIfEmpty } from '../../db/seed/seed-demo-data';
import { archiveKey } from '../../server/services/document-archive';
import { localStorageRoot } from '../../server/storage/local-storage';
import { runScript, withPlatform } from '../api/helpers/cli';
import { createInvoice, invoiceCsv } from '../api/helpers/invoice-factory';
import { resetPostgres } from '../api/helpers/test-app';

// Someone changes the archive behind the portal's back (docs/decisions/030): an archived PDF
// rewritten on the store, a version row's amount edited, a row deleted. `npm run documents:verify`
// re-reads everything and names each, with exit status 1.

let dataDir: string;
const ARCHIVE_BUCKET = 'portal-document-archive';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-archive-fault-'));
  if (process.env.DATABASE_URL) await resetPostgres(process.env.DATABASE_URL);
  await withPlatform(dataDir, (platform) =>
    seedDemoDataIfEmpty(platform.database, platform.storage, { ledgerLinesPerCustomer: 0 }),
  );
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const verify = () => runScript('verify-documents.ts', [], dataDir);
const versions = () =>
  withPlatform(dataDir, ({ database }) =>
    database.db.select().from(documentVersions).orderBy(asc(documentVersions.id)),
  );

describe('npm run documents:verify', { timeout: 180_000 }, () => {
  it('passes on an untouched archive, then reports a rewritten object, an edited row and a deleted row', async () => {
    const rows = [createInvoice(), createInvoice(), createInvoice(), createInvoice()];
    await withPlatform(dataDir, async ({ storage }) => {
      for (const row of rows) {
        await storage.putObject(
          'portal-10001',
          `Spec/${row.file_name}`,
          Buffer.from(`%PDF-1.4\n% ${row.invoice_no}\n%%EOF\n`),
        );
      }
    });
    const csv = join(dataDir, 'invoices.csv');
    writeFileSync(csv, invoiceCsv(rows));
    const imported = await runScript('import-invoices.ts', [csv], dataDir);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/PDFs archived 4, re-issued 0/);

    const clean = await verify();
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/4 document versions checked, 0 mismatches/);

    const [v1, v2, v3] = await versions();
    // The first version's PDF rewritten in the archive folder.
    writeFileSync(
      join(localStorageRoot(dataDir), ARCHIVE_BUCKET, ...archiveKey(v1!.sha256).split('/')),
      '%PDF-1.4\n% forged\n%%EOF\n',
    );
    await withPlatform(dataDir, async ({ database }) => {
      // The second version's amount edited in the register.
      await database.db
        .update(documentVersions)
        .set({ amount: v2!.amount + 1 })
        .where(eq(documentVersions.id, v2!.id));
      // The third version deleted.
      await database.db.execute(sql`delete from document_versions where id = ${v3!.id}`);
    });

    const tampered = await verify();
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toMatch(/3 document versions checked, 3 mismatches/);
    const lines = tampered.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^MISMATCH object-changed: version ${v1!.id} `)),
      expect.stringMatching(new RegExp(`^MISMATCH record: version ${v2!.id} `)),
      // The row after the deleted one no longer follows the row before it.
      expect.stringMatching(/^MISMATCH chain: version \d+ /),
    ]);
  });
});
