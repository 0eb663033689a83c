// `npm run import:ledger -- file.csv [more.csv …]`: upserts order lines from the core system's CSV
// export (README "Ledger import (CSV)"). Each file is checked row by row and written in one
// transaction: a file with a bad row writes nothing and the command exits with status 1. A file
// is read twice (checked, then written) in pieces, never held whole: exports of millions of lines
// need no more memory than small ones, beyond each line's key.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { importLedgerCsv } from '../server/services/ledger-import';
import { runImportCommand } from './import-command';

runImportCommand({
  usage: 'usage: npm run import:ledger -- <file.csv> [more.csv …]',
  async importFile(file, { config, platform, log }) {
    const started = performance.now();
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
    return [
      `${file}: ${result.total} rows — inserted ${result.inserted}, updated ${result.updated}, unchanged ${result.unchanged} (${ms} ms)`,
    ];
  },
});
