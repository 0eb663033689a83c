import type { FastifyBaseLogger } from 'fastify';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { DEMO_PASSWORD, DEMO_USERS } from '../db/seed/demo-master-data';
import {
  type SeedDemoDataOptions,
  type SeedSummary,
  seedDemoDataIfEmpty,
} from '../db/seed/seed-demo-data';
import { normaliseMail } from '../domain/mail-address';
import type { Config } from './config';
import { createBuiltinIdentity } from './identity/builtin-identity';
import { type Auth, createAuth, identitySecret } from './identity/identity';
import type { IdentityPort } from './identity/identity-port';
import { PreLoginLimiter, preLoginRules } from './identity/pre-login-limits';
import { createMailer } from './mail/create-mailer';
import type { Mailer } from './mail/mail-port';
import type { CounterStore } from './rate-limit/counter-store';
import { createCounterStore } from './rate-limit/create-counter-store';
import { RateLimiter } from './rate-limit/rate-limiter';
import { linkRowsToIdentity } from './repositories/users-repository';
import { createStorage } from './storage/create-storage';
import type { ObjectStorage } from './storage/storage-port';

/** Every outside system behind its port (docs/product.md §10), opened once per process. */
export interface Platform {
  database: DatabaseHandle;
  storage: ObjectStorage;
  mailer: Mailer;
  /** The identity provider's library, for the /api/auth routes and the access-token verifier. */
  auth: Auth;
  /** What the portal asks of the identity provider (user administration, the demo seed). */
  identity: IdentityPort;
  counters: CounterStore;
  preLoginLimiter: PreLoginLimiter;
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
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const started = performance.now();
    await database.migrate();
    log.info(
      { ms: Math.round(performance.now() - started), database: database.kind },
      'migrations applied',
    );
    const mailer = createMailer(config, log);
    const secret = await identitySecret(config, database.db);
    const auth = createAuth({ config, db: database.db, mailer, secret, log });
    const identity = createBuiltinIdentity(auth, config.publicBaseUrl);
    const storage = createStorage(config, secret);
    log.info(
      config.S3_ENDPOINT ? { storage: 's3', endpoint: config.S3_ENDPOINT } : { storage: 'local' },
      'object storage opened',
    );
    const counters = createCounterStore({
      redisUrl: config.REDIS_URL,
      db: database.db,
      onError: warnAtMostEvery(60_000, (err) =>
        log.warn({ err }, 'the counter store (Redis) is not reachable; sign-ins answer 503'),
      ),
    });
    const preLoginLimiter = new PreLoginLimiter(
      new RateLimiter(
        counters,
        preLoginRules(config.RATE_LIMIT_IP_PER_MINUTE, config.RATE_LIMIT_MAIL_PER_MINUTE),
      ),
    );
    return {
      database,
      storage,
      mailer,
      auth,
      identity,
      counters,
      preLoginLimiter,
      async close() {
        await counters.close?.();
        await storage.close?.();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** The demo data (docs/product.md §15) with the identities of the demo accounts, on an empty database. */
export async function seedDemoIfEmpty(
  platform: Platform,
  options: SeedDemoDataOptions = {},
): Promise<SeedSummary | null> {
  const summary = await seedDemoDataIfEmpty(platform.database, platform.storage, options);
  if (summary) await createDemoIdentities(platform.identity, platform.database);
  return summary;
}

export async function createDemoIdentities(
  identity: IdentityPort,
  database: DatabaseHandle,
): Promise<void> {
  for (const user of DEMO_USERS) {
    const uid = await identity.createIdentity({
      mail: normaliseMail(user.mail),
      name: user.user_name,
      password: DEMO_PASSWORD,
      mailVerified: user.mailVerified,
    });
    await linkRowsToIdentity(database.db, user.mail, uid);
  }
}
