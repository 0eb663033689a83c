// `npm run mail:status`: the mail outbox's counts (docs/decisions/014) — mails waiting to be sent,
// failed for good (their attempts used up), sent, and dropped (their link expired before they
// could go) — with the oldest waiting mail's age and the latest failures. Exits 1 when a mail
// has failed, so that a monitoring job can run it.
import pino from 'pino';
import { loadConfig } from '../server/config';
import { openPlatform } from '../server/platform';
import {
  mailOutboxCounts,
  oldestPendingMail,
  recentFailedMails,
} from '../server/repositories/mail-outbox-repository';

const FAILED_LISTED = 10;

async function main(): Promise<number> {
  const config = loadConfig();
  const platform = await openPlatform(config, pino({ level: 'warn' }));
  try {
    const db = platform.database.db;
    const counts = await mailOutboxCounts(db);
    const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(`database: ${where}`);
    console.log(`pending: ${counts.pending}`);
    console.log(`failed: ${counts.failed}`);
    console.log(`sent: ${counts.sent}`);
    console.log(`dropped: ${counts.dropped}`);
    const oldest = await oldestPendingMail(db);
    if (oldest) {
      const minutes = Math.max(0, Math.round((Date.now() - oldest.getTime()) / 60_000));
      console.log(`oldest pending: ${oldest.toISOString()} (${minutes} min ago)`);
    }
    if (counts.failed > 0) {
      console.log(`latest failed (up to ${FAILED_LISTED}):`);
      for (const mail of await recentFailedMails(db, FAILED_LISTED)) {
        console.log(
          `  #${mail.id} ${mail.kind} to ${mail.to}, ${mail.attempts} attempts, ${mail.createdAt.toISOString()}: ${mail.error ?? ''}`,
        );
      }
    }
    return counts.failed > 0 ? 1 : 0;
  } finally {
    await platform.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`mail:status failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
