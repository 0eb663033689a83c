// `npm run import:invoices -- file.csv [more.csv …]`: upserts the invoice register from the core
// system's CSV export (README "Invoice import (CSV)"). Each file is checked row by row and written
// in one transaction: a file with a bad row writes nothing and the command exits with status 1.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../server/config';
import { openPlatform } from '../server/platform';
import {
  INVOICE_IMPORT_MAX_BYTES,
  InvoiceImportError,
  importInvoiceCsv,
} from '../server/services/invoice-import';

const USAGE = 'usage: npm run import:invoices -- <file.csv> [more.csv …]';

async function main(files: readonly string[]): Promise<number> {
  if (files.length === 0 || files.some((f) => f.startsWith('-'))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const platform = await openPlatform(config, pino({ level: 'warn' }));
  let failed = 0;
  try {
    const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(`database: ${where}`);
    for (const file of files) {
      const started = performance.now();
      try {
        // A file is checked whole before it is written, so it is read whole: the API's limit
        // holds here too (about 100,000 invoices); split a larger export.
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
        console.log(
          `${file}: ${result.total} invoices — inserted ${result.inserted}, updated ${result.updated}, unchanged ${result.unchanged} (${ms} ms)`,
        );
        const a = result.archive;
        console.log(
          `${file}: PDFs archived ${a.archived}, re-issued ${a.reissued}, unchanged ${a.unchanged}, not in Spec yet ${a.missing}`,
        );
      } catch (error) {
        failed++;
        if (error instanceof InvoiceImportError) {
          console.error(`${file}: not imported, nothing written.`);
          for (const problem of error.problems) console.error(`  ${problem.message}`);
          if (error.moreProblems > 0) console.error(`  … and ${error.moreProblems} more`);
        } else {
          console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    // The invoice mails are in the outbox; as the ledger import does, send what is due now, so
    // that they go out without a server on this database too.
    const sent = await platform.mailer.deliverDue().catch((error: unknown) => {
      console.error(`mails not sent now (they wait in the outbox): ${String(error)}`);
      return 0;
    });
    if (sent > 0) console.log(`mails handed to the mail server or the mail folder: ${sent}`);
  } finally {
    await platform.close();
  }
  return failed > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
