import { createServer, type Server } from 'node:http';
import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type LabelValues,
  Registry,
} from 'prom-client';
import type { DatabaseHandle } from '../../db/client';
import type { LedgerAnswerCache } from '../ledger-cache/ledger-cache';
import { mailOutboxCounts, oldestPendingMail } from '../repositories/mail-outbox-repository';

// The process's metrics in Prometheus's text format (README "Metrics"), served by a listener of
// their own (METRICS_PORT), never by the public one: a scrape must not need a way in through the
// balancer, and the figures are not for clients. Every label takes a bounded set of values (the
// route's pattern, never the URL; a status code; an action of a fixed list), so that the series
// stay few however many clients call.

/** The routes whose answers count as imports, and the kind each imports. */
const IMPORT_ROUTES: Record<string, string> = {
  '/api/v1/spec/import-ledger': 'ledger',
  '/api/v1/spec/import-invoices': 'invoices',
};

/** Seconds: from a cached answer (a few ms) to a large export or a slow import. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** A scrape must answer even with the database away: its own queries give up after this. */
const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

type HttpLabels = 'method' | 'route' | 'status_code';

export interface MetricsSources {
  database: DatabaseHandle;
  ledgerCache: LedgerAnswerCache | null;
}

/** The counters the server moves, and the gauges read when Prometheus scrapes. */
export class PortalMetrics {
  readonly registry = new Registry();
  private processMetrics = false;

  private readonly httpRequests = new Counter<HttpLabels>({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram<HttpLabels>({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from the request received to its answer sent, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly rateLimitRefusals = new Counter<'route'>({
    name: 'portal_rate_limit_refusals_total',
    help: 'Requests refused with 429 (pre-login limits, export limits), by route pattern.',
    labelNames: ['route'],
    registers: [this.registry],
  });
  private readonly connectionsRefused = new Counter<'reason'>({
    name: 'portal_http_connections_refused_total',
    help: 'Connections closed on arrival: over HTTP_MAX_CONNECTIONS, or over one address’s share.',
    labelNames: ['reason'],
    registers: [this.registry],
  });
  private readonly identityEvents = new Counter<'action'>({
    name: 'portal_identity_events_total',
    help: 'Identity events as the audit log records them (auth.sign-in-failed, auth.lock, …).',
    labelNames: ['action'],
    registers: [this.registry],
  });
  private readonly imports = new Counter<'kind' | 'outcome'>({
    name: 'portal_imports_total',
    help: 'CSV imports through the API, by kind (ledger, invoices) and outcome (imported, refused, failed).',
    labelNames: ['kind', 'outcome'],
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter<'job' | 'outcome'>({
    name: 'portal_job_runs_total',
    help: 'Runs of the scheduled jobs (audit_retention, document_archive), by outcome (ok, failed).',
    labelNames: ['job', 'outcome'],
    registers: [this.registry],
  });

  private readonly archiveProblems = new Gauge({
    name: 'portal_document_archive_problems',
    help: 'What the latest daily check of the documents archive found wrong: rows out of the hash chain, changed rows, missing or changed objects (0 when whole).',
    registers: [this.registry],
  });
  private readonly archivePastRetention = new Gauge({
    name: 'portal_document_versions_past_retention',
    help: 'Archived document versions whose retention period has ended (kept; none is deleted).',
    registers: [this.registry],
  });

  /** Counts one answered request (the app's onResponse hook). */
  requestAnswered(method: string, route: string | undefined, status: number, ms: number): void {
    const pattern = route ?? 'unmatched';
    const labels: LabelValues<HttpLabels> = { method, route: pattern, status_code: status };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, ms / 1000);
    if (status === 429) this.rateLimitRefusals.inc({ route: pattern });
    const kind = route === undefined ? undefined : IMPORT_ROUTES[route];
    if (kind) {
      const outcome = status < 300 ? 'imported' : status < 500 ? 'refused' : 'failed';
      this.imports.inc({ kind, outcome });
    }
  }

  connectionRefused(reason: 'max_connections' | 'per_address'): void {
    this.connectionsRefused.inc({ reason });
  }

  identityEvent(action: string): void {
    this.identityEvents.inc({ action });
  }

  jobRun(job: string, outcome: 'ok' | 'failed'): void {
    this.jobRuns.inc({ job, outcome });
  }

  /** The daily check of the documents archive: its problems and the versions past retention. */
  documentArchiveChecked(problems: number, pastRetention: number): void {
    this.archiveProblems.set(problems);
    this.archivePastRetention.set(pastRetention);
  }

  /** The gauges and cache counters read at each scrape from the platform's parts. */
  observe({ database, ledgerCache }: MetricsSources, role: string): void {
    const registers = [this.registry];
    new Gauge<'role' | 'database'>({
      name: 'portal_info',
      help: 'Always 1: the process’s role (PORTAL_ROLE) and database kind.',
      labelNames: ['role', 'database'],
      registers,
    }).set({ role, database: database.kind }, 1);

    if (database.poolState) {
      const poolState = database.poolState.bind(database);
      new Gauge<'state'>({
        name: 'portal_db_pool_connections',
        help: 'PostgreSQL pool connections: in_use, idle; and waiting, requests waiting for one.',
        labelNames: ['state'],
        registers,
        collect() {
          const { total, idle, waiting } = poolState();
          this.set({ state: 'in_use' }, total - idle);
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'waiting' }, waiting);
        },
      });
    }

    if (ledgerCache) {
      const cache = ledgerCache;
      // The cache counts for itself (decision 018); a counter here follows its totals.
      const following = (name: string, help: string, read: () => number) => {
        let seen = 0;
        new Counter({
          name,
          help,
          registers,
          collect() {
            const now = read();
            if (now > seen) this.inc(now - seen);
            seen = now;
          },
        });
      };
      following(
        'portal_ledger_cache_hits_total',
        'Order-line searches answered from the cache.',
        () => cache.counts.hits,
      );
      following(
        'portal_ledger_cache_misses_total',
        'Order-line searches not found in the cache (read from the database).',
        () => cache.counts.misses,
      );
      following(
        'portal_ledger_cache_errors_total',
        'Cache (Redis) calls that failed; each is also a miss.',
        () => cache.counts.errors,
      );
    }

    // The outbox is one table for every process: each reports it, so alert on max() of it.
    const outbox = { pending: 0, failed: 0, oldestSeconds: 0, ok: false };
    let reading: Promise<void> | null = null;
    const readOutbox = () => {
      reading ??= (async () => {
        try {
          const [counts, oldest] = await withTimeout(
            Promise.all([mailOutboxCounts(database.db), oldestPendingMail(database.db)]),
            SCRAPE_QUERY_TIMEOUT_MS,
          );
          outbox.pending = counts.pending;
          outbox.failed = counts.failed;
          outbox.oldestSeconds = oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0;
          outbox.ok = true;
        } catch {
          // The database away: the outbox's gauges are left out of this scrape, not made up.
          outbox.ok = false;
        }
      })().finally(() => {
        reading = null;
      });
      return reading;
    };
    const outboxGauge = (name: string, help: string, value: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          await readOutbox();
          this.reset();
          if (outbox.ok) this.set(value());
        },
      });
    outboxGauge('portal_mail_outbox_pending', 'Mails waiting in the outbox.', () => outbox.pending);
    outboxGauge(
      'portal_mail_outbox_failed',
      'Mails that failed for good (no attempt left).',
      () => outbox.failed,
    );
    outboxGauge(
      'portal_mail_outbox_oldest_pending_age_seconds',
      'Age of the oldest mail waiting in the outbox; 0 when none waits.',
      () => outbox.oldestSeconds,
    );
  }

  /** Node's process metrics (CPU, memory, event loop, GC): only where they are served. */
  collectProcessMetrics(): void {
    if (this.processMetrics) return;
    this.processMetrics = true;
    collectDefaultMetrics({ register: this.registry });
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The metrics listener: GET /metrics and nothing else. Resolves once it listens; a port in use
 * rejects (the start stops, naming METRICS_PORT).
 */
export async function openMetricsListener(
  metrics: PortalMetrics,
  options: { port: number; host: string },
): Promise<Server> {
  metrics.collectProcessMetrics();
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('metrics could not be collected\n');
      },
    );
  });
  // A scrape is one short request: nothing should hold a connection open for long.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  return server;
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolvePromise) => {
    server.close(() => resolvePromise());
    server.closeAllConnections();
  });
}
