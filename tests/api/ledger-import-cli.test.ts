import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerItems } from '../../db/schema';
import { demoScriptData, runScript, withPlatform } from './helpers/cli';
import { createBacklogItem, createLedgerItem, ledgerCsv } from './helpers/ledger-factory';

// `npm run import:ledger -- file.csv` as an operator runs it: a separate process on the database.

let dataDir: string;

beforeAll(async () => {
  dataDir = await demoScriptData('portal-import-cli-');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const importLedger = (...files: string[]) => runScript('import-ledger.ts', files, dataDir);
const withDatabase = <T>(use: Parameters<typeof withPlatform<T>>[1]) => withPlatform(dataDir, use);

// Each case starts the CLI (tsx + PGlite start-up) twice in child processes: slow on a busy machine.
describe('npm run import:ledger', { timeout: 180_000 }, () => {
  const lines = [
    createLedgerItem(),
    createBacklogItem({ customer_code: 20001 }),
    createLedgerItem(),
  ];

  it('imports a file, prints the counts, and a second run changes nothing', async () => {
    const file = join(dataDir, 'ledger.csv');
    writeFileSync(file, ledgerCsv(lines, { bom: true }));
    const first = await importLedger(file);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/3 rows — inserted 3, updated 0, unchanged 0/);
    const second = await importLedger(file);
    expect(second.stdout).toMatch(/3 rows — inserted 0, updated 0, unchanged 3/);

    await withDatabase(async ({ database }) => {
      const rows = await database.db
        .select()
        .from(ledgerItems)
        .where(
          inArray(
            ledgerItems.sale_order_no,
            lines.map((l) => l.sale_order_no),
          ),
        );
      expect(rows).toHaveLength(3);
      const audits = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'ledger.import'));
      expect(audits.map((a) => (a.after as { source: string }).source)).toEqual(['cli', 'cli']);
    });
  });

  it('a bad row: exit status 1, the line named, nothing written', async () => {
    const bad = [
      createLedgerItem(),
      createLedgerItem(),
      createLedgerItem({ customer_code: 55555 }),
    ];
    const file = join(dataDir, 'bad.csv');
    writeFileSync(file, ledgerCsv(bad));
    const result = await importLedger(file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nothing written');
    expect(result.stderr).toContain('4行目');
    await withDatabase(async ({ database }) => {
      const rows = await database.db
        .select()
        .from(ledgerItems)
        .where(
          inArray(
            ledgerItems.sale_order_no,
            bad.map((l) => l.sale_order_no),
          ),
        );
      expect(rows).toEqual([]);
    });
  });

  it.skipIf(process.env.DATABASE_URL)(
    'refuses the embedded database while the server holds it, and writes nothing',
    async () => {
      const line = createLedgerItem();
      const file = join(dataDir, 'while-running.csv');
      writeFileSync(file, ledgerCsv([line]));
      await withDatabase(async () => {
        const result = await importLedger(file);
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(/open in another process \(pid \d+\): stop the server/);
      });
      await withDatabase(async ({ database }) => {
        const rows = await database.db
          .select()
          .from(ledgerItems)
          .where(eq(ledgerItems.sale_order_no, line.sale_order_no));
        expect(rows).toEqual([]);
      });
    },
  );

  it('without a file it prints the usage', async () => {
    const result = await importLedger();
    expect(result).toMatchObject({ code: 2 });
    expect(result.stderr).toContain('usage');
  });
});
