import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeOldAuditEvents } from '../services/audit-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the audit log's retention (what the daily timer runs); answers rows deleted. */
    runAuditRetention(now?: Date): Promise<number>;
  }
}

export interface AuditRetentionOptions {
  /** AUDIT_RETENTION_DAYS. */
  retentionDays: number;
  /** Whether this process runs it on its timer (PORTAL_ROLE all or worker; decision 029). */
  scheduled?: boolean;
  /** After the server is ready, before the first run (a minute: not in the start's way). */
  firstRunDelayMs?: number;
  /** Between runs: a day. */
  intervalMs?: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The audit log's retention (docs/decisions/017): once a day, the first time shortly after the
 * start, each instance deletes the events older than AUDIT_RETENTION_DAYS, in batches. Instances
 * need not agree on who runs it: a second run finds nothing left to delete. A failed run (the
 * database away) is logged and tried again at the next.
 */
export const auditRetentionPlugin = fp(
  async (app: FastifyInstance, opts: AuditRetentionOptions) => {
    let running: Promise<number> | null = null;
    const run = (now = new Date()) => {
      // Never two runs at once in one process (a slow run and the next day's timer).
      running ??= purgeOldAuditEvents({ db: app.db }, opts.retentionDays, now).finally(() => {
        running = null;
      });
      return running;
    };
    app.decorate('runAuditRetention', run);

    const scheduled = async () => {
      try {
        const deleted = await run();
        app.platform.metrics.jobRun('audit_retention', 'ok');
        app.log.info(
          { deleted, retentionDays: opts.retentionDays },
          'audit log retention: old events deleted',
        );
      } catch (err) {
        app.platform.metrics.jobRun('audit_retention', 'failed');
        app.log.error({ err }, 'audit log retention failed; it runs again at the next interval');
      }
    };
    let first: NodeJS.Timeout | undefined;
    let daily: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (opts.scheduled === false) return;
      first = setTimeout(() => void scheduled(), opts.firstRunDelayMs ?? MINUTE);
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
  { name: 'audit-retention', dependencies: ['database'] },
);
