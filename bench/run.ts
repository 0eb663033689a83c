// `npm run bench`: start-up times and HTTP throughput of the production build, each beside a baseline
// measured in the same run. Figures are printed, never asserted (timing belongs here, not in tests).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildNeeded } from '../scripts/build-state.mjs';
import { runAuditBench } from './audit';
import { runDocumentsBench } from './documents';
import { runExportBench } from './export';
import { runInquiriesBench } from './inquiries';
import { runInvoiceImportBench } from './invoice-import';
import { runLedgerBench } from './ledger';
import { runMetricsBench } from './metrics';
import { runMixedLoad } from './mixed';
import { startBuiltServer } from './startup';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);

async function load(url: string) {
  const result = await autocannon({ url, connections: 20, duration: DURATION_S });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  if (buildNeeded()) {
    const { buildAll } = await import('../scripts/build.mjs');
    await buildAll();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const env = { DATA_DIR: dataDir, PORT: '3999' };
  try {
    console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}`);
    const first = await startBuiltServer(env);
    const firstStop = await first.stop();
    // The mixed load signs in hundreds of times a minute from one address: lift the pre-login limits.
    const second = await startBuiltServer({
      ...env,
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      RATE_LIMIT_MAIL_PER_MINUTE: '1000000',
      PUBLIC_BASE_URL: 'http://127.0.0.1:3999',
    });

    console.log('\nstart-up (until /readyz answers 200)');
    console.table({
      'first start, empty database + demo seed': { ms: Math.round(first.readyMs) },
      'start on the existing database': { ms: Math.round(second.readyMs) },
      'graceful shutdown (SIGTERM → exit)': { ms: Math.round(firstStop) },
    });

    const bare = Fastify();
    bare.get('/healthz', async () => ({ status: 'ok' }));
    await bare.listen({ port: 3998, host: '127.0.0.1' });

    console.log(`\nthroughput, 20 connections, ${DURATION_S} s each`);
    const rows = {
      'bare Fastify GET /healthz': await load('http://127.0.0.1:3998/healthz'),
      'portal GET /healthz': await load(`${second.baseUrl}/healthz`),
      'portal GET /readyz (database round trip)': await load(`${second.baseUrl}/readyz`),
      'portal GET /login (app HTML)': await load(`${second.baseUrl}/login`),
    };
    console.table(rows);
    const ratio = rows['portal GET /healthz'].rps / rows['bare Fastify GET /healthz'].rps;
    console.log(`portal /healthz runs at ${(ratio * 100).toFixed(0)} % of a bare Fastify route`);
    await bare.close();
    try {
      if (process.env.BENCH_MIXED !== '0') await runMixedLoad(second);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// BENCH_ONLY=startup, ledger or export runs one part; the ledger part is in bench/ledger.ts, the
// export part in bench/export.ts, the mixed load (part of startup; BENCH_MIXED=0 leaves it out) in
// bench/mixed.ts.
const only = process.env.BENCH_ONLY;
if (only === undefined || only === '' || only === 'startup') await main();
if (only === undefined || only === '' || only === 'ledger') await runLedgerBench();
if (only === undefined || only === '' || only === 'export') await runExportBench();
// The audit view's search over 5 million events (bench/audit.ts, decision 017).
if (only === undefined || only === '' || only === 'audit') await runAuditBench();
// What counting a request for the metrics costs (bench/metrics.ts, decision 029).
if (only === undefined || only === '' || only === 'metrics') await runMetricsBench();
// Staff's and customers' inquiry lists over many requests and messages (decision 032).
if (only === undefined || only === '' || only === 'inquiries') await runInquiriesBench();
// The documents register's search by date, amount and customer (bench/documents.ts, decision 030).
if (only === undefined || only === '' || only === 'documents') await runDocumentsBench();
// An import of 100,000 invoices and a zip of 2,000 of their PDFs: time and memory (decision 030).
if (only === undefined || only === '' || only === 'invoice-import') await runInvoiceImportBench();
