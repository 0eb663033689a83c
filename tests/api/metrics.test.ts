import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { closeServer, openMetricsListener } from '../../server/metrics/metrics';
import { enqueueMail } from '../../server/repositories/mail-outbox-repository';
import { bearer, DEMO_PASSWORD, signIn } from './helpers/auth';
import { createLedgerItem, insertLedgerItems } from './helpers/ledger-factory';
import { createTestApp, type TestApp } from './helpers/test-app';

// The metrics (decision 029) as Prometheus reads them: from the metrics listener, after real
// requests to the public port, which itself never answers /metrics.

const SEARCH = '/api/v1/spec/search-result-ledgerItem';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, the samples of it (comments left out). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The sum of the samples of a name whose labels include these (0 when none). */
function sampled(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('the metrics listener', () => {
  let t: TestApp;
  let metricsServer: Server;
  let publicUrl: string;
  let metricsUrl: string;

  const scrape = async () => {
    const res = await fetch(`${metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(await res.text());
  };

  beforeAll(async () => {
    t = await createTestApp({
      seed: { ledgerLinesPerCustomer: 0 },
      env: { RATE_LIMIT_MAIL_PER_MINUTE: '3' },
    });
    await insertLedgerItems(t.database.db, [
      createLedgerItem({ sale_order_date: '2026-03-01' }),
      createLedgerItem({ sale_order_date: '2026-03-02' }),
    ]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    publicUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    metricsServer = await openMetricsListener(t.platform.metrics, {
      port: 0,
      host: '127.0.0.1',
    });
    metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}`;
  }, 300_000);
  afterAll(async () => {
    if (metricsServer) await closeServer(metricsServer);
    await t?.close();
  });

  it('counts requests by route pattern and status, and times them', async () => {
    const before = await scrape();
    const { token } = await signIn(t.app, 'user@example.com');
    const body = JSON.stringify({ customer_code: 10001, from_date: '2026-01-01' });
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${publicUrl}${SEARCH}`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(200);
    }
    // Two URLs no route has: one series for both, not one per URL.
    for (const path of ['/api/v1/no-such/1', '/api/v1/no-such/2']) {
      expect((await fetch(`${publicUrl}${path}`)).status).toBe(404);
    }
    const after = await scrape();

    const search = { method: 'POST', route: SEARCH, status_code: '200' };
    expect(
      sampled(after, 'portal_http_requests_total', search) -
        sampled(before, 'portal_http_requests_total', search),
    ).toBe(2);
    expect(
      sampled(after, 'portal_http_request_duration_seconds_count', search) -
        sampled(before, 'portal_http_request_duration_seconds_count', search),
    ).toBe(2);
    expect(sampled(after, 'portal_http_request_duration_seconds_sum', search)).toBeGreaterThan(0);
    expect(
      sampled(after, 'portal_http_requests_total', { route: 'unmatched', status_code: '404' }) -
        sampled(before, 'portal_http_requests_total', { route: 'unmatched', status_code: '404' }),
    ).toBe(2);
    expect(after.some((s) => s.labels.route?.includes('no-such'))).toBe(false);
    // The repeated search was answered from the cache.
    expect(sampled(after, 'portal_ledger_cache_misses_total')).toBeGreaterThan(
      sampled(before, 'portal_ledger_cache_misses_total'),
    );
    expect(sampled(after, 'portal_ledger_cache_hits_total')).toBeGreaterThan(
      sampled(before, 'portal_ledger_cache_hits_total'),
    );
  });

  it('counts failed sign-ins and rate-limit refusals', async () => {
    const before = await scrape();
    const wrong = await fetch(`${publicUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      // The browser's Origin, which sign-in checks against the trusted origins.
      headers: { 'content-type': 'application/json', origin: t.config.trustedOrigins[0]! },
      body: JSON.stringify({ email: 'user@example.com', password: `${DEMO_PASSWORD}x` }),
    });
    expect(wrong.status).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${publicUrl}/api/v1/user/check-account-lock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': t.config.PUBLIC_API_KEY },
        body: JSON.stringify({ mail: 'limited@example.com' }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const after = await scrape();
    const failed = { action: 'auth.sign-in-failed' };
    expect(
      sampled(after, 'portal_identity_events_total', failed) -
        sampled(before, 'portal_identity_events_total', failed),
    ).toBe(1);
    const refused = { route: '/api/v1/user/check-account-lock' };
    expect(
      sampled(after, 'portal_rate_limit_refusals_total', refused) -
        sampled(before, 'portal_rate_limit_refusals_total', refused),
    ).toBe(1);
  });

  it('counts the imports by kind and outcome', async () => {
    const before = await scrape();
    const { token } = await signIn(t.app, 'staff@example.com');
    const res = await fetch(`${publicUrl}/api/v1/spec/import-ledger`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'text/csv' },
      body: 'not,a,ledger\n1,2,3\n',
    });
    expect(res.status).toBe(400);
    const after = await scrape();
    const refused = { kind: 'ledger', outcome: 'refused' };
    expect(
      sampled(after, 'portal_imports_total', refused) -
        sampled(before, 'portal_imports_total', refused),
    ).toBe(1);
    expect(sampled(after, 'portal_imports_total', { outcome: 'imported' })).toBe(
      sampled(before, 'portal_imports_total', { outcome: 'imported' }),
    );
  });

  it('reports the mail outbox’s waiting mails and the oldest one’s age', async () => {
    // The worker stopped, so that the mail stays: as when the mail server is away.
    await t.platform.mailer.stop();
    const before = await scrape();
    const id = await enqueueMail(
      t.database.db,
      { to: 'waiting@example.com', subject: 'waiting', text: 'x' },
      { kind: 'test' },
    );
    await t.database.db.execute(
      sql`update ${mailOutbox} set created_at = now() - interval '10 minutes' where id = ${id}`,
    );
    const after = await scrape();
    expect(sampled(after, 'portal_mail_outbox_pending')).toBe(
      sampled(before, 'portal_mail_outbox_pending') + 1,
    );
    expect(sampled(after, 'portal_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(
      600,
    );
    expect(sampled(after, 'portal_mail_outbox_failed')).toBe(0);
  });

  it('reports the process, and the database pool on PostgreSQL', async () => {
    const samples = await scrape();
    expect(sampled(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(sampled(samples, 'portal_info', { role: 'all', database: t.database.kind })).toBe(1);
    if (t.database.kind === 'postgres') {
      expect(samples.some((s) => s.name === 'portal_db_pool_connections')).toBe(true);
      expect(sampled(samples, 'portal_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
    } else {
      // The embedded database has no pool: no series rather than a made-up one.
      expect(samples.some((s) => s.name === 'portal_db_pool_connections')).toBe(false);
    }
  });

  it('is not served on the public port', async () => {
    // Without a web build an unknown path is 404; with one, the web app's page (the production
    // install's test): never the metrics.
    const res = await fetch(`${publicUrl}/metrics`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toContain('version=0.0.4');
    expect(await res.text()).not.toContain('portal_http_requests_total');
  });
});
