import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices } from '../../db/schema';
import { demoScriptData, runScript, withPlatform } from './helpers/cli';
import { createInvoice, type InvoiceCsvRow, invoiceCsv } from './helpers/invoice-factory';

// `npm run import:invoices -- file.csv` as an operator runs it: a separate process on the database.

let dataDir: string;

beforeAll(async () => {
  dataDir = await demoScriptData('portal-invoice-cli-');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const importInvoices = (...files: string[]) => runScript('import-invoices.ts', files, dataDir);
const storedInvoices = (rows: readonly InvoiceCsvRow[]) =>
  withPlatform(dataDir, ({ database }) =>
    database.db
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.invoice_no,
          rows.map((r) => r.invoice_no),
        ),
      ),
  );

// Each case starts the CLI (tsx + PGlite start-up) in child processes: slow on a busy machine.
describe('npm run import:invoices', { timeout: 180_000 }, () => {
  it('imports a file, prints the counts, and a second run changes nothing', async () => {
    const rows = [createInvoice(), createInvoice({ customer_code: '20001' }), createInvoice()];
    const file = join(dataDir, 'invoices.csv');
    writeFileSync(file, invoiceCsv(rows, { bom: true }));
    const first = await importInvoices(file);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/3 invoices — inserted 3, updated 0, unchanged 0/);
    const second = await importInvoices(file);
    expect(second.stdout).toMatch(/3 invoices — inserted 0, updated 0, unchanged 3/);

    expect(await storedInvoices(rows)).toHaveLength(3);
    await withPlatform(dataDir, async ({ database }) => {
      const audits = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'invoice.import'));
      expect(audits.map((a) => (a.after as { source: string }).source)).toEqual(['cli', 'cli']);
    });
  });

  it('a bad row: exit status 1, the line and column named, nothing written', async () => {
    const bad = [
      createInvoice(),
      createInvoice(),
      createInvoice({ registration_no: 'T8000012050002' }),
    ];
    const file = join(dataDir, 'bad.csv');
    writeFileSync(file, invoiceCsv(bad));
    const result = await importInvoices(file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nothing written');
    expect(result.stderr).toContain('4行目: 登録番号（registration_no）のチェックデジット');
    expect(await storedInvoices(bad)).toEqual([]);
  });

  it('without a file it prints the usage', async () => {
    const result = await importInvoices();
    expect(result).toMatchObject({ code: 2 });
    expect(result.stderr).toContain('usage');
  });
});
