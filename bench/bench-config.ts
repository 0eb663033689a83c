import { type Config, loadConfig } from '../server/config';

/**
 * The configuration of a bench's in-process app on `dataDir` (PGlite) or DATABASE_URL: no logs,
 * limits that hundreds of calls a second from one address do not reach, and staff signed in with
 * a password alone (decision 016's test setting). `extra` adds a part's own settings.
 */
export function benchConfig(dataDir: string, extra: Record<string, string> = {}): Config {
  const databaseUrl = process.env.DATABASE_URL;
  return loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT_IP_PER_MINUTE: '100000',
    RATE_LIMIT_MAIL_PER_MINUTE: '100000',
    STAFF_SECOND_FACTOR: 'optional',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  });
}
