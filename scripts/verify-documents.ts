// `npm run documents:verify`: re-reads every archived document version and the register's hash
// chain (docs/decisions/030) and lists what does not match: a version row changed, deleted or
// inserted, an archived object changed or missing. Exit status 1 when anything is wrong.
// The last line names the chain's head: keep it, and a later run that ends on an earlier row
// shows that rows were cut from the end.
import pino from 'pino';
import { loadConfig } from '../server/config';
import { openPlatform } from '../server/platform';
import { verifyDocumentArchive } from '../server/services/document-archive';

async function main(): Promise<number> {
  const config = loadConfig();
  const platform = await openPlatform(config, pino({ level: 'warn' }));
  try {
    const { checked, problems, head } = await verifyDocumentArchive({
      db: platform.database.db,
      storage: platform.storage,
      archiveBucket: config.DOCUMENT_ARCHIVE_BUCKET,
    });
    for (const problem of problems) console.error(`MISMATCH ${problem.kind}: ${problem.message}`);
    console.log(
      `${checked} document versions checked, ${problems.length} mismatch${problems.length === 1 ? '' : 'es'}`,
    );
    console.log(head ? `chain head: version ${head.id} ${head.recordHash}` : 'chain head: (empty)');
    return problems.length > 0 ? 1 : 0;
  } finally {
    await platform.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`verify failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
