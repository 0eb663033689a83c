import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { closeServer, openMetricsListener } from './metrics/metrics';
import { openPlatform, seedDemoIfEmpty } from './platform';

const here = dirname(fileURLToPath(import.meta.url));

/** dist/web next to the bundled server (dist/server), or from the sources' point of view. */
function defaultWebRoot(): string {
  const candidates = [resolve(here, '../web'), resolve(here, '../dist/web')];
  return candidates.find((c) => existsSync(resolve(c, 'index.html'))) ?? candidates[0]!;
}

async function main() {
  const startedAt = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL });

  let platform: Awaited<ReturnType<typeof openPlatform>>;
  try {
    platform = await openPlatform(config, log);
    if (config.SEED_DEMO) {
      const seedStarted = performance.now();
      const summary = await seedDemoIfEmpty(platform, {
        bannerImages: config.DEFAULT_BANNER_IMAGES,
        log: (msg) => log.info(msg),
      });
      if (summary) {
        log.info(
          { ...summary, ms: Math.round(performance.now() - seedStarted) },
          'empty database: demo data created',
        );
      }
    }
  } catch (err) {
    // The database, its lock (DATA_DIR in use), the object store of the demo seed: say which.
    const reason = err instanceof Error ? err.message : String(err);
    log.fatal({ err }, `could not start: ${reason}`);
    process.exit(1);
  }

  const app = await buildApp({ config, platform, webRoot: defaultWebRoot() });
  // The metrics on a listener of their own, never the public port (decision 029); 0 = none.
  let metricsServer: Awaited<ReturnType<typeof openMetricsListener>> | undefined;
  if (config.METRICS_PORT !== 0) {
    try {
      metricsServer = await openMetricsListener(platform.metrics, {
        port: config.METRICS_PORT,
        host: config.METRICS_HOST,
      });
    } catch (err) {
      log.fatal(
        { err },
        `could not start: the metrics listener cannot listen on ${config.METRICS_HOST}:${config.METRICS_PORT} (${(err as Error).message}); set METRICS_PORT to a free port, or 0 for none`,
      );
      await app.close();
      process.exit(1);
    }
  }
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    if (metricsServer) await closeServer(metricsServer);
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      url: config.publicBaseUrl,
      role: config.PORTAL_ROLE,
      database: platform.database.kind,
      dataDir: config.dataDir,
      ...(metricsServer ? { metrics: `${config.METRICS_HOST}:${config.METRICS_PORT}` } : {}),
      startupMs: Math.round(performance.now() - startedAt),
    },
    config.PORTAL_ROLE === 'worker'
      ? `${config.WEB_TITLE} worker is ready (jobs only; /healthz and /readyz on PORT)`
      : `${config.WEB_TITLE} is ready`,
  );
}

await main();
