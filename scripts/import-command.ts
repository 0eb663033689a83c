// What the import commands (`npm run import:ledger`, `npm run import:invoices`) share: the usage
// check, the platform opened on the configured database, each file imported on its own (a file
// refused for its rows lists them and writes nothing; the next file is still tried), the mails the
// imports wrote sent at once, and the exit status: 0 when every file went in, 1 when one did not,
// 2 for a wrong command line.
import pino, { type Logger } from 'pino';
import { type Config, loadConfig } from '../server/config';
import { openPlatform, type Platform } from '../server/platform';
import { CsvImportError } from '../server/services/csv-import';

export interface ImportCommand {
  usage: string;
  /** Imports one file; answers the lines that say what it did. */
  importFile(
    file: string,
    on: { config: Config; platform: Platform; log: Logger },
  ): Promise<string[]>;
}

async function main(command: ImportCommand, files: readonly string[]): Promise<number> {
  if (files.length === 0 || files.some((f) => f.startsWith('-'))) {
    console.error(command.usage);
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
      try {
        for (const line of await command.importFile(file, { config, platform, log })) {
          console.log(line);
        }
      } catch (error) {
        failed++;
        if (error instanceof CsvImportError) {
          console.error(`${file}: not imported, nothing written.`);
          for (const problem of error.problems) console.error(`  ${problem.message}`);
          if (error.moreProblems > 0) console.error(`  … and ${error.moreProblems} more`);
        } else {
          console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    // The server's outbox worker sends the mails an import wrote (shipment and invoice mails);
    // this sends what is due now too, so that they go out even when no server runs on this
    // database (PGlite's DATA_DIR is one process's). A mail that cannot go now stays in the outbox
    // for the server to retry.
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

/** Runs an import command over the files named on its command line, and sets the exit status. */
export function runImportCommand(command: ImportCommand): void {
  main(command, process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`import failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
