import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type ArchiveCounts,
  type ArchiveProblem,
  archiveDocuments,
  type RetentionReport,
  reportDocumentRetention,
  verifyDocumentArchive,
} from '../services/document-archive';

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the documents archive's daily job (what its timer runs). */
    runDocumentArchiveCheck(now?: Date): Promise<DocumentArchiveCheck>;
  }
}

export interface DocumentArchiveCheck {
  scan: ArchiveCounts;
  verified: number;
  problems: ArchiveProblem[];
  retention: RetentionReport;
}

export interface DocumentArchiveCheckOptions {
  /** DOCUMENT_RETENTION_YEARS. */
  retentionYears: number;
  /** Whether this process runs it on its timer (PORTAL_ROLE all or worker; decision 029). */
  scheduled?: boolean;
  /** After the server is ready, before the first run: by default until the next 03:00 in Japan. */
  firstRunDelayMs?: number;
  /** Between runs: a day. */
  intervalMs?: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const JAPAN_OFFSET_MS = 9 * 60 * MINUTE;
/** The hour (Japan) the job runs: it reads every PDF, so at night, not after each start. */
const RUN_HOUR_IN_JAPAN = 3;

/** Milliseconds from `now` to the next RUN_HOUR_IN_JAPAN o'clock in Japan. */
export function untilNextRun(now: Date): number {
  const japan = now.getTime() + JAPAN_OFFSET_MS;
  const dayStart = Math.floor(japan / DAY) * DAY;
  let next = dayStart + RUN_HOUR_IN_JAPAN * 60 * MINUTE;
  if (next <= japan) next += DAY;
  return next - japan;
}
/** Problems named one by one in the log; the count says the rest. */
const LOGGED_PROBLEMS = 20;

/**
 * The documents archive's daily job (docs/decisions/030), at 03:00 in Japan: the scan of every document's Spec file
 * (a PDF placed or re-issued since becomes a version, its invoice mails written), then the check
 * of the whole hash chain and every object (`npm run documents:verify`'s), then the retention
 * report. A break is logged as an error and shown by the `portal_document_archive_problems`
 * gauge, which an alert watches; it stays until a run finds the archive whole. Instances need not
 * agree on who runs it: the scan writes under the chain's lock and a second check only reads.
 */
export const documentArchiveCheckPlugin = fp(
  async (app: FastifyInstance, opts: DocumentArchiveCheckOptions) => {
    const ports = () => ({
      db: app.db,
      storage: app.platform.storage,
      archiveBucket: app.config.DOCUMENT_ARCHIVE_BUCKET,
      invoiceMails: { config: app.config, mailer: app.platform.mailer },
    });
    const check = async (now: Date): Promise<DocumentArchiveCheck> => {
      const scan = await archiveDocuments(ports(), { source: 'scan' });
      const verified = await verifyDocumentArchive(ports());
      const retention = await reportDocumentRetention(ports(), opts.retentionYears, now);
      app.platform.metrics.documentArchiveChecked(
        verified.problems.length,
        retention.pastRetention,
      );
      return { scan, verified: verified.checked, problems: verified.problems, retention };
    };
    let running: Promise<DocumentArchiveCheck> | null = null;
    const run = (now = new Date()) => {
      // Never two runs at once in one process (a slow run and the next day's timer).
      running ??= check(now).finally(() => {
        running = null;
      });
      return running;
    };
    app.decorate('runDocumentArchiveCheck', run);

    const scheduled = async () => {
      try {
        const result = await run();
        app.platform.metrics.jobRun('document_archive', 'ok');
        if (result.problems.length > 0) {
          app.log.error(
            {
              problems: result.problems.length,
              first: result.problems.slice(0, LOGGED_PROBLEMS).map((p) => p.message),
            },
            'documents archive check: the hash chain or the archived objects are not whole; run npm run documents:verify',
          );
        }
        app.log.info(
          {
            scan: result.scan,
            verified: result.verified,
            problems: result.problems.length,
            retention: result.retention,
          },
          'documents archive check done',
        );
      } catch (err) {
        app.platform.metrics.jobRun('document_archive', 'failed');
        app.log.error(
          { err },
          'documents archive check failed; it runs again at the next interval',
        );
      }
    };
    let first: NodeJS.Timeout | undefined;
    let daily: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (opts.scheduled === false) return;
      first = setTimeout(() => void scheduled(), opts.firstRunDelayMs ?? untilNextRun(new Date()));
      daily = setInterval(() => void scheduled(), opts.intervalMs ?? DAY);
      // The timers never keep a process alive that is otherwise done (a script, a test).
      first.unref();
      daily.unref();
    });
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(daily);
      await running?.catch(() => undefined);
    });
  },
  { name: 'document-archive-check', dependencies: ['database'] },
);
