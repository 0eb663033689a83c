// `npm run import:ledger -- file.csv [more.csv …]`: upserts order lines from the core system's CSV
// export (README "Ledger import (CSV)"). Each file is checked row by row and written in one
// transaction: a file with a bad row writes nothing and the command exits with status 1. A file
// is read twice (checked, then written) in pieces, never held whole: exports of millions of lines
// need no more memory than small ones, beyond each line's key.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../server/config';
import { openPlatform } from '../server/platform';
import { importLedgerCsv, LedgerImportError } from '../server/services/ledger-import';

const USAGE = 'usage: npm run import:ledger -- <file.csv> [more.csv …]';

async function main(files: readonly string[]): Promise<number> {
  if (files.length === 0 || files.some((f) => f.startsWith('-'))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const platform = await openPlatform(config, log);
  let failed = 0;
  try {
    const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(`database: ${where}`);
    for (const file of files) {
      const started = performance.now();
      try {
        const result = await importLedgerCsv(
          platform.database.db,
          () => createReadStream(file),
          { actorUserId: null, actorMail: null, source: 'cli', fileName: basename(file) },
          // Shipment notification mails: written to the outbox with the lines.
          { config, secret: platform.secret, mailer: platform.mailer },
          // The PDFs the lines name go into the documents' archive (docs/decisions/030).
          {
            db: platform.database.db,
            storage: platform.storage,
            archiveBucket: config.DOCUMENT_ARCHIVE_BUCKET,
            log,
          },
        );
        const ms = Math.round(performance.now() - started);
        console.log(
          `${file}: ${result.total} rows — inserted ${result.inserted}, updated ${result.updated}, unchanged ${result.unchanged} (${ms} ms)`,
        );
      } catch (error) {
        failed++;
        if (error instanceof LedgerImportError) {
          console.error(`${file}: not imported, nothing written.`);
          for (const problem of error.problems) console.error(`  ${problem.message}`);
          if (error.moreProblems > 0) console.error(`  … and ${error.moreProblems} more`);
        } else {
          console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    // The server's outbox worker sends the shipment mails; this sends what is due now too, so
    // that they go out even when no server runs on this database (PGlite's DATA_DIR is one
    // process's). A mail that cannot go now stays in the outbox for the server to retry.
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
