import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enqueueMail,
  mailOutboxCounts,
  markMailAttemptFailed,
  markMailDropped,
} from '../../server/repositories/mail-outbox-repository';
import { readMailFiles } from '../support/mail-files';
import { demoScriptData, runScript, withPlatform } from './helpers/cli';
import { createLedgerItem, ledgerCsv } from './helpers/ledger-factory';

// `npm run mail:status` and the import's shipment mails as an operator meets them: separate
// processes on the database of a DATA_DIR (docs/decisions/014).

let dataDir: string;

beforeAll(async () => {
  dataDir = await demoScriptData('portal-mail-status-cli-');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const mail = (to: string) => ({ to, subject: `test ${to}`, text: 'text' });

// Each case starts a CLI (tsx + PGlite start-up) in a child process: slow on a busy machine.
describe('npm run mail:status and the import command’s mails', { timeout: 180_000 }, () => {
  it('the import command sends the shipment mails it wrote; mail:status counts them as sent', async () => {
    const file = join(dataDir, 'shipped.csv');
    writeFileSync(file, ledgerCsv([createLedgerItem({ item_name: 'CLI-SHIPPED' })]));
    const imported = await runScript('import-ledger.ts', [file], dataDir);
    expect(imported.code, imported.stderr).toBe(0);

    const shipmentMails = (await readMailFiles(dataDir)).filter((m) =>
      m.text.includes('CLI-SHIPPED'),
    );
    expect(shipmentMails.map((m) => m.to).sort()).toEqual([
      'admin@example.com',
      'multi@example.com',
      'unverified@example.com',
      'user@example.com',
    ]);

    const status = await runScript('mail-status.ts', [], dataDir);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/^pending: 0$/m);
    expect(status.stdout).toMatch(/^failed: 0$/m);
    expect(status.stdout).toMatch(/^sent: 4$/m);
    expect(status.stdout).toMatch(/^dropped: 0$/m);
  });

  it('prints pending, failed and dropped mails, lists the failures and exits 1 when one failed', async () => {
    await withPlatform(dataDir, async ({ database: { db } }) => {
      await enqueueMail(db, mail('waiting-1@example.com'), { kind: 'invitation' });
      await enqueueMail(db, mail('waiting-2@example.com'), { kind: 'shipment' });
      const failed = await enqueueMail(db, mail('failed@example.com'), { kind: 'shipment' });
      await markMailAttemptFailed(db, failed, 'connect ECONNREFUSED 127.0.0.1:25', null);
      const dropped = await enqueueMail(db, mail('dropped@example.com'), {
        kind: 'password-reset',
      });
      await markMailDropped(db, dropped, 'link expired before the mail could be sent');
      // The same counts as the audit view reads (mailOutboxCounts).
      expect(await mailOutboxCounts(db)).toEqual({ pending: 2, failed: 1, sent: 4, dropped: 1 });
    });

    const status = await runScript('mail-status.ts', [], dataDir);
    expect(status.code).toBe(1);
    expect(status.stdout).toMatch(/^pending: 2$/m);
    expect(status.stdout).toMatch(/^failed: 1$/m);
    expect(status.stdout).toMatch(/^sent: 4$/m);
    expect(status.stdout).toMatch(/^dropped: 1$/m);
    expect(status.stdout).toMatch(/^oldest pending: \d{4}-\d\d-\d\dT/m);
    expect(status.stdout).toContain('shipment to failed@example.com');
    expect(status.stdout).toContain('ECONNREFUSED');
  });
});
