// The mixed load of `npm run bench`: the production server in a process of its own under
// sign-ins, top pages, order searches and file listings for BENCH_MIXED_S seconds (default 60),
// with requests per second, latency percentiles and errors per kind, and the server's memory
// before, during and after. Figures are printed, never asserted.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { StartedServer } from './startup';
import { percentile } from './stats';

const DURATION_S = Number(process.env.BENCH_MIXED_S ?? 60);
const CONNECTIONS = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 10);
const PASSWORD = 'Passw0rd!';

/** The server process's resident memory in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

async function accessToken(baseUrl: string, email: string): Promise<string> {
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in of ${email}: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = await fetch(`${baseUrl}/api/auth/token`, { headers: { cookie } });
  return ((await token.json()) as { token: string }).token;
}

/** A percentile in ms to one decimal. */
const ms = (sorted: readonly number[], p: number) => Math.round(percentile(sorted, p) * 10) / 10;

/** Least-squares slope of the samples in MB per minute. */
function slopePerMinute(samples: { s: number; mb: number }[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((a, x) => a + x.s, 0) / n;
  const my = samples.reduce((a, x) => a + x.mb, 0) / n;
  const num = samples.reduce((a, x) => a + (x.s - mx) * (x.mb - my), 0);
  const den = samples.reduce((a, x) => a + (x.s - mx) ** 2, 0);
  return den === 0 ? 0 : (num / den) * 60;
}

export async function runMixedLoad(server: StartedServer): Promise<void> {
  const pid = server.child.pid!;
  const { baseUrl } = server;
  const token = await accessToken(baseUrl, 'user@example.com');
  const json = (body: object) => ({
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  // One visit of a person: sign in, open the top page, search orders, open the shared files.
  const visit = [
    {
      kind: 'sign-in',
      path: '/api/auth/sign-in/email',
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email: 'user@example.com', password: PASSWORD }),
    },
    { kind: 'top page (HTML)', path: '/top', method: 'GET' as const },
    { kind: 'top page: notices', path: '/api/v1/notice/get-notice', ...json({ limit: 10 }) },
    { kind: 'top page: banners', path: '/api/v1/banner/get-banner', ...json({ limit: 5 }) },
    {
      kind: 'order search, page 1',
      path: '/api/v1/spec/search-result-ledgerItem',
      ...json({ customer_code: 10001, status: '受注残', page: 1, page_size: 100 }),
    },
    {
      kind: 'shared files: root listing',
      path: '/api/v1/shared-file/get-shared-filename',
      ...json({ bucket_name: 'portal-10001', folder_name: '' }),
    },
  ];

  const times = new Map<string, number[]>(visit.map((v) => [v.kind, []]));
  const failures = new Map<string, number>(visit.map((v) => [v.kind, 0]));
  const memory: { s: number; mb: number }[] = [];
  const memoryBefore = rssMb(pid);
  const started = performance.now();
  const sampler = setInterval(() => {
    memory.push({ s: (performance.now() - started) / 1000, mb: rssMb(pid) });
  }, 5_000);

  console.log(
    `\nmixed load — ${CONNECTIONS} connections, ${DURATION_S} s, each connection repeating one visit: ${visit.map((v) => v.kind).join(' → ')}`,
  );
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: visit.map(({ kind: _kind, ...request }) => request),
    setupClient: (client) => {
      let next = 0;
      client.on('response', (status: number, _bytes: number, responseTime: number) => {
        const kind = visit[next % visit.length]!.kind;
        next++;
        times.get(kind)!.push(responseTime);
        if (status >= 400) failures.set(kind, failures.get(kind)! + 1);
      });
    },
  });
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const memoryAfter = rssMb(pid);

  const rows: Record<string, Record<string, number>> = {};
  for (const { kind } of visit) {
    const sorted = [...times.get(kind)!].sort((a, b) => a - b);
    rows[kind] = {
      requests: sorted.length,
      'req/s': Math.round(sorted.length / DURATION_S),
      'p50 ms': ms(sorted, 50),
      'p95 ms': ms(sorted, 95),
      'p99 ms': ms(sorted, 99),
      errors: failures.get(kind)!,
    };
  }
  const all = [...times.values()].flat().sort((a, b) => a - b);
  rows['all requests'] = {
    requests: all.length,
    'req/s': Math.round(result.requests.average),
    'p50 ms': ms(all, 50),
    'p95 ms': ms(all, 95),
    'p99 ms': ms(all, 99),
    errors: result.errors + result.non2xx + result.timeouts,
  };
  console.table(rows);

  const half = memory.filter((m) => m.s >= DURATION_S / 2);
  const slope = slopePerMinute(half);
  console.log(
    `server memory (RSS): before ${memoryBefore} MB, during ${memory.map((m) => m.mb).join(' / ')} MB, after ${memoryAfter} MB`,
  );
  console.log(
    `trend over the second half: ${slope >= 0 ? '+' : ''}${slope.toFixed(1)} MB/min (${slope < 5 ? 'no growth trend' : 'GROWING: look for a leak'})`,
  );
  if (rows['all requests']!.errors! > 0) console.log('ERRORS under the mixed load: see the table');
}
