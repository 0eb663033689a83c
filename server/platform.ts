import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type DatabaseHandle,
  databaseOptionsOf,
  missingMigrations,
  openDatabase,
} from '../db/client';
import { users } from '../db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../db/seed/demo-master-data';
import {
  type SeedDemoDataOptions,
  type SeedSummary,
  seedDemoDataIfEmpty,
} from '../db/seed/seed-demo-data';
import { normaliseMail } from '../domain/mail-address';
import type { Config } from './config';
import { createBuiltinIdentity, createBuiltinSignIn } from './identity/builtin-identity';
import { createFirebaseIdentity } from './identity/firebase-identity';
import { createFirebaseSignIn } from './identity/firebase-sign-in-port';
import { type Auth, createAuth, identitySecret } from './identity/identity';
import { IdentityExistsError, type IdentityPort, type SignInPort } from './identity/identity-port';
import { STANDARD_PASSWORD_HASH_COST } from './identity/password-hash';
import { PreLoginLimiter, preLoginRules } from './identity/pre-login-limits';
import { createLedgerCache } from './ledger-cache/create-ledger-cache';
import type { LedgerAnswerCache } from './ledger-cache/ledger-cache';
import { createMailer } from './mail/create-mailer';
import { MailOutbox } from './mail/mail-outbox';
import { PortalMetrics } from './metrics/metrics';
import type { CounterStore } from './rate-limit/counter-store';
import { createCounterStore } from './rate-limit/create-counter-store';
import { RateLimiter } from './rate-limit/rate-limiter';
import { linkRowsToIdentity } from './repositories/users-repository';
import { seedDemoDocuments } from './services/demo-documents';
import { createStorage } from './storage/create-storage';
import type { ObjectStorage } from './storage/storage-port';
import { startTracing, type Tracing, tracedPort, tracePglite, tracePgPool } from './tracing';

/** Every outside system behind its port (docs/product.md §10), opened once per process. */
export interface Platform {
  /** The configuration the platform was opened with. */
  config: Config;
  database: DatabaseHandle;
  storage: ObjectStorage;
  /**
   * Every mail goes through the outbox (docs/decisions/014): written to the database, delivered
   * by its worker (started with the server) through the driver (files or SMTP).
   */
  mailer: MailOutbox;
  /** The server's secret (identity, signed URLs, mail unsubscribe links). */
  secret: string;
  /** The identity provider's library, for the /api/auth routes and the access-token verifier. */
  auth: Auth;
  /** What the portal asks of the identity provider (user administration, the demo seed). */
  identity: IdentityPort;
  /** The provider's steps of the portal's own sign-in, password change and reset (server/services/auth). */
  signIn: SignInPort;
  counters: CounterStore;
  /** The search-answer cache (docs/decisions/018): memory, Redis, or null when turned off. */
  ledgerCache: LedgerAnswerCache | null;
  preLoginLimiter: PreLoginLimiter;
  /** The process's metrics (decision 029), served by main.ts's metrics listener. */
  metrics: PortalMetrics;
  /** The traces' SDK (OTEL_EXPORTER_OTLP_ENDPOINT), or null when they are off (decision 029). */
  tracing: Tracing | null;
  close(): Promise<void>;
}

/** A driver that retries by itself repeats its error every second or so: one line a minute. */
function warnAtMostEvery(ms: number, warn: (error: unknown) => void): (error: unknown) => void {
  let last = 0;
  return (error) => {
    if (Date.now() - last < ms) return;
    last = Date.now();
    warn(error);
  };
}

/** Opens the ports from the configuration and applies the database migrations. */
export async function openPlatform(config: Config, log: FastifyBaseLogger): Promise<Platform> {
  // Traces first, so that the database's statements are spans from its first (decision 029).
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await startTracing({
        endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
        serviceName: config.OTEL_SERVICE_NAME,
        role: config.PORTAL_ROLE,
      })
    : null;
  if (tracing) log.info({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT }, 'traces sent by OTLP');
  /** A port whose calls are spans when tracing is on; the port itself otherwise. */
  const traced = <T extends object>(port: T, name: string, kind: string): T =>
    tracing ? tracedPort(port, name, { 'portal.port': name, 'portal.driver': kind }) : port;
  const database = openDatabase({
    ...databaseOptionsOf(config),
    ...(tracing
      ? {
          instrument: {
            pgPool: (pool) => tracePgPool(pool as never),
            pglite: (client) => tracePglite(client as never),
          },
        }
      : {}),
  });
  try {
    if (config.MIGRATE_ON_START) {
      const started = performance.now();
      await database.migrate();
      log.info(
        { ms: Math.round(performance.now() - started), database: database.kind },
        'migrations applied',
      );
    } else {
      const missing = await missingMigrations(database.db);
      if (missing > 0) {
        throw new Error(
          `the database lacks ${missing} migration(s) of this version and MIGRATE_ON_START=false: run the migration job (node dist/server/migrate.js) first`,
        );
      }
      log.info(
        { database: database.kind },
        'migrations left to the migration job (MIGRATE_ON_START=false)',
      );
    }
    const secret = await identitySecret(config, database.db);
    const mailer = new MailOutbox(
      database.db,
      traced(createMailer(config, log), 'mail', config.SMTP_URL ? 'smtp' : 'files'),
      log,
      {
        pollMs: config.MAIL_POLL_MS,
        retryBaseMs: config.MAIL_RETRY_BASE_MS,
        retryMaxMs: config.MAIL_RETRY_MAX_MS,
        maxAttempts: config.MAIL_MAX_ATTEMPTS,
      },
    );
    const auth = createAuth({ config, db: database.db, mailer, secret, log });
    // IDENTITY_PROVIDER chooses who holds the credentials (docs/decisions/011).
    const identity =
      config.IDENTITY_PROVIDER === 'firebase'
        ? createFirebaseIdentity(config, database.db)
        : createBuiltinIdentity(auth, config.publicBaseUrl);
    const signIn =
      config.IDENTITY_PROVIDER === 'firebase'
        ? createFirebaseSignIn(config, database.db, mailer, log)
        : createBuiltinSignIn(auth, database.db);
    log.info(
      config.IDENTITY_PROVIDER === 'firebase'
        ? {
            identity: 'firebase',
            project: config.FIREBASE_PROJECT_ID,
            ...(config.FIREBASE_AUTH_EMULATOR_HOST
              ? { emulator: config.FIREBASE_AUTH_EMULATOR_HOST }
              : {}),
          }
        : { identity: 'builtin' },
      'identity provider chosen',
    );
    if (
      config.IDENTITY_PROVIDER === 'builtin' &&
      config.PASSWORD_HASH_COST < STANDARD_PASSWORD_HASH_COST
    ) {
      log.warn(
        { cost: config.PASSWORD_HASH_COST, standard: STANDARD_PASSWORD_HASH_COST },
        'passwords set from now on are hashed below the standard cost (PASSWORD_HASH_COST): for tests only',
      );
    }
    const storage = traced(
      createStorage(config, secret),
      'storage',
      config.S3_ENDPOINT ? 's3' : 'local',
    );
    log.info(
      config.S3_ENDPOINT ? { storage: 's3', endpoint: config.S3_ENDPOINT } : { storage: 'local' },
      'object storage opened',
    );
    const counters = traced(
      createCounterStore({
        redisUrl: config.REDIS_URL,
        db: database.db,
        onError: warnAtMostEvery(60_000, (err) =>
          log.warn({ err }, 'the counter store (Redis) is not reachable; sign-ins answer 503'),
        ),
      }),
      'counters',
      config.REDIS_URL ? 'redis' : 'database',
    );
    const openedCache = createLedgerCache({
      redisUrl: config.REDIS_URL,
      maxBytes: config.LEDGER_CACHE_MB * 1024 * 1024,
      onError: warnAtMostEvery(60_000, (err) =>
        log.warn({ err }, 'the search cache (Redis) is not reachable; searches read the database'),
      ),
    });
    const ledgerCache = openedCache && traced(openedCache, 'ledger_cache', openedCache.kind);
    const preLoginLimiter = new PreLoginLimiter(
      new RateLimiter(
        counters,
        preLoginRules(config.RATE_LIMIT_IP_PER_MINUTE, config.RATE_LIMIT_MAIL_PER_MINUTE),
      ),
    );
    const metrics = new PortalMetrics();
    metrics.observe({ database, ledgerCache }, config.PORTAL_ROLE);
    return {
      config,
      database,
      storage,
      mailer,
      secret,
      auth,
      identity,
      signIn,
      counters,
      ledgerCache,
      preLoginLimiter,
      metrics,
      tracing,
      async close() {
        await mailer.stop();
        await counters.close?.();
        await ledgerCache?.close();
        await storage.close?.();
        await database.close();
        await tracing?.shutdown();
      },
    };
  } catch (err) {
    await database.close();
    await tracing?.shutdown();
    throw err;
  }
}

/** The demo data (docs/product.md §15) with the identities of the demo accounts, on an empty database. */
export async function seedDemoIfEmpty(
  platform: Platform,
  options: SeedDemoDataOptions = {},
): Promise<SeedSummary | null> {
  const summary = await seedDemoDataIfEmpty(platform.database, platform.storage, options);
  if (summary) {
    await createDemoIdentities(platform.identity, platform.database);
    const documents = await seedDemoDocuments(
      {
        db: platform.database.db,
        storage: platform.storage,
        archiveBucket: platform.config.DOCUMENT_ARCHIVE_BUCKET,
      },
      options.now ?? new Date(),
    );
    options.log?.(
      `demo seed: ${documents.invoices} invoices registered and archived${documents.reissued ? `, ${documents.reissued} re-issued` : ''}`,
    );
  } else {
    const restored = await restoreDemoIdentitiesInEmulator(platform);
    if (restored > 0)
      options.log?.(`demo accounts put back into the Firebase Auth Emulator: ${restored}`);
  }
  return summary;
}

export async function createDemoIdentities(
  identity: IdentityPort,
  database: DatabaseHandle,
): Promise<void> {
  for (const user of DEMO_USERS) {
    const mail = normaliseMail(user.mail);
    let uid: string;
    try {
      uid = await identity.createIdentity({
        mail,
        name: user.user_name,
        password: DEMO_PASSWORD,
        mailVerified: user.mailVerified,
      });
    } catch (err) {
      // A provider outside the database (the Firebase Auth Emulator, kept running while the
      // database was new) may have the account already: it is linked as it is.
      if (!(err instanceof IdentityExistsError)) throw err;
      uid = (await identity.findUidByMail(mail))!;
    }
    await linkRowsToIdentity(database.db, user.mail, uid);
  }
}

/**
 * With the Firebase Auth Emulator, whose accounts live only as long as it runs: the demo accounts
 * are put back into it on every start when the demo's rows are there and their identities are not
 * (docs/decisions/011), so that the emulator gives the demo `npm start` gives.
 */
export async function restoreDemoIdentitiesInEmulator(platform: Platform): Promise<number> {
  const { config } = platform;
  if (config.IDENTITY_PROVIDER !== 'firebase' || !config.FIREBASE_AUTH_EMULATOR_HOST) return 0;
  const rows = await platform.database.db
    .select({ mail: users.mail })
    .from(users)
    .where(
      inArray(
        users.mail,
        DEMO_USERS.map((u) => normaliseMail(u.mail)),
      ),
    );
  let restored = 0;
  for (const user of DEMO_USERS) {
    const mail = normaliseMail(user.mail);
    if (!rows.some((r) => r.mail === mail)) continue;
    if ((await platform.identity.findUidByMail(mail)) !== null) continue;
    const uid = await platform.identity.createIdentity({
      mail,
      name: user.user_name,
      password: DEMO_PASSWORD,
      mailVerified: user.mailVerified,
    });
    await linkRowsToIdentity(platform.database.db, mail, uid);
    restored += 1;
  }
  return restored;
}
