// The metrics part of `npm run bench` (BENCH_ONLY=metrics; decision 029): what counting a request
// costs. First the call the server's onResponse hook makes (PortalMetrics.requestAnswered), alone,
// over 40 route patterns and 3 status codes; then a bare Fastify GET /healthz under autocannon with
// and without that hook, alternated to even out a machine shared with others; then one scrape.
// Figures are printed, never asserted.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { PortalMetrics } from '../server/metrics/metrics';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

function perCall(): number {
  const metrics = new PortalMetrics();
  const routes = Array.from({ length: 40 }, (_, i) => `/api/v1/spec/route-${i}`);
  const statuses = [200, 400, 404];
  const calls = 1_000_000;
  for (let i = 0; i < 50_000; i++) metrics.requestAnswered('POST', routes[i % 40], 200, 3);
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) {
    metrics.requestAnswered('POST', routes[i % 40], statuses[i % 3]!, (i % 100) + 0.5);
  }
  return Number(process.hrtime.bigint() - started) / calls;
}

async function rps(withHook: boolean): Promise<number> {
  const app = Fastify();
  const metrics = new PortalMetrics();
  if (withHook) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.requestAnswered(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime,
      );
      done();
    });
  }
  app.get('/healthz', async () => ({ status: 'ok' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const result = await autocannon({
      url: `${url}/healthz`,
      connections: 20,
      duration: DURATION_S,
    });
    return result.requests.average;
  } finally {
    await app.close();
  }
}

export async function runMetricsBench(): Promise<void> {
  const ns = perCall();
  console.log(`metrics: requestAnswered ${ns.toFixed(0)} ns a call (counter + histogram)`);
  const without: number[] = [];
  const withHook: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    without.push(await rps(false));
    withHook.push(await rps(true));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const a = mean(without);
  const b = mean(withHook);
  console.table({
    'bare Fastify GET /healthz': { rps: Math.round(a) },
    'with the metrics hook': { rps: Math.round(b) },
  });
  console.log(
    `metrics hook: ${((1 - b / a) * 100).toFixed(1)} % fewer requests a second, ` +
      `${((1e6 / b - 1e6 / a) * 1000).toFixed(0)} ns more a request`,
  );
  const metrics = new PortalMetrics();
  for (let i = 0; i < 40; i++) metrics.requestAnswered('GET', `/r/${i}`, 200, 1);
  const started = performance.now();
  const text = await metrics.registry.metrics();
  console.log(
    `metrics: a scrape of 40 routes' series, ${text.length} bytes, in ${(performance.now() - started).toFixed(1)} ms`,
  );
}
