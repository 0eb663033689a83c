// The shared runner of the API-latency parts of `npm run bench` (inquiries, documents): a PGlite
// or DATABASE_URL database with the demo seed, filled by the part, then each search called
// ITERATIONS times through the app as staff, a general user or an administrator (p50, p95).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../server/app';
import { openPlatform, seedDemoIfEmpty } from '../server/platform';
import { accessToken } from './access-token';
import { benchConfig } from './bench-config';
import { percentile } from './stats';

const ITERATIONS = 60;

export type Who = 'staff' | 'user' | 'admin';
export type Scenario = { name: string; who: Who; query: (i: number) => Record<string, string> };
type Db = { execute: (q: ReturnType<typeof sql>) => Promise<unknown> };

export async function runApiLatencyBench(part: {
  /** What the first line names after the database, e.g. "100,000 documents". */
  label: string;
  fill: (db: Db) => Promise<void>;
  url: string;
  scenarios: Scenario[];
}): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-api-'));
  const config = benchConfig(dataDir);
  console.log(`\n${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}, ${part.label}`);
  const platform = await openPlatform(config, pino({ level: 'silent' }));
  let app: FastifyInstance | undefined;
  try {
    await seedDemoIfEmpty(platform, { ledgerLinesPerCustomer: 0 });
    await part.fill(platform.database.db);
    app = await buildApp({ config, platform, webRoot: join(dataDir, 'no-web-build') });
    await app.ready();
    const tokens: Record<Who, string> = {
      staff: await accessToken(app, 'staff@example.com'),
      user: await accessToken(app, 'user@example.com'),
      admin: await accessToken(app, 'admin@example.com'),
    };
    const results: Record<string, object> = {};
    for (const scenario of part.scenarios) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < ITERATIONS; i++) {
        const t0 = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: part.url,
          query: scenario.query(i),
          headers: { authorization: `Bearer ${tokens[scenario.who]}` },
        });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200)
          throw new Error(`${scenario.name}: ${res.statusCode} ${res.body}`);
        total = Math.max(total, res.json().total);
      }
      const sorted = times.sort((a, b) => a - b);
      results[scenario.name] = {
        'API p50': +percentile(sorted, 50).toFixed(1),
        'API p95': +percentile(sorted, 95).toFixed(1),
        'max total': total,
      };
    }
    console.log(`\nlatency in ms, ${ITERATIONS} calls each`);
    console.table(results);
  } finally {
    await app?.close();
    if (!app) await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
