// `npm run import:invoices -- file.csv [more.csv …]`: upserts the invoice register from the core
// system's CSV export (README "Invoice import (CSV)"). Each file is checked row by row and written
// in one transaction: a file with a bad row writes nothing and the command exits with status 1.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { INVOICE_IMPORT_MAX_BYTES, importInvoiceCsv } from '../server/services/invoice-import';
import { runImportCommand } from './import-command';

runImportCommand({
  usage: 'usage: npm run import:invoices -- <file.csv> [more.csv …]',
  async importFile(file, { config, platform }) {
    const started = performance.now();
    // A file is checked whole before it is written, so it is read whole: the API's limit holds
    // here too (about 100,000 invoices); split a larger export.
    if ((await stat(file)).size > INVOICE_IMPORT_MAX_BYTES) {
      throw new Error(
        `larger than ${INVOICE_IMPORT_MAX_BYTES / 1024 / 1024} MB; split it into several files`,
      );
    }
    const ports = {
      db: platform.database.db,
      storage: platform.storage,
      archiveBucket: config.DOCUMENT_ARCHIVE_BUCKET,
      invoiceMails: { config, mailer: platform.mailer },
    };
    const result = await importInvoiceCsv(ports, await readFile(file), {
      actorUserId: null,
      actorMail: null,
      source: 'cli',
      fileName: basename(file),
    });
    const ms = Math.round(performance.now() - started);
    const a = result.archive;
    return [
      `${file}: ${result.total} invoices — inserted ${result.inserted}, updated ${result.updated}, unchanged ${result.unchanged} (${ms} ms)`,
      `${file}: PDFs archived ${a.archived}, re-issued ${a.reissued}, unchanged ${a.unchanged}, not in Spec yet ${a.missing}`,
    ];
  },
});
