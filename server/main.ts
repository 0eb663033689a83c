import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
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
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      url: config.publicBaseUrl,
      database: platform.database.kind,
      dataDir: config.dataDir,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `${config.WEB_TITLE} is ready`,
  );
}

await main();
