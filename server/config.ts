import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEMO_BANNER_IMAGES } from '../db/seed/demo-master-data';
import type { AppConfig } from '../domain/app-config';
import type { CarrierTrackingTable } from '../domain/carrier-tracking';
import { companyPagesOf, CONFIG_DEFAULTS as D } from '../domain/config-defaults';
import {
  DOCUMENT_RETENTION_DEFAULT_YEARS,
  DOCUMENT_RETENTION_MIN_YEARS,
} from '../domain/documents';
import { LEDGER_EXPORT_MAX_PER_USER, LEDGER_EXPORT_MAX_TOTAL } from '../domain/ledger-export';
import { type SessionLifetime, sessionLifetimeOf } from '../domain/session-lifetime';
import { carrierTrackingOf } from './carrier-tracking-config';
import { trustedProxyMatcher } from './client-address';
import {
  LEAST_PASSWORD_HASH_COST,
  MOST_PASSWORD_HASH_COST,
  STANDARD_PASSWORD_HASH_COST,
} from './identity/password-hash';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

const absoluteUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://');

/** An image's address: a path of this server (/…) or an http(s) URL. */
const imageUrl = z
  .string()
  .trim()
  .refine(
    (v) => (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^\s]+$/.test(v),
    'must be a path starting with / or an http:// or https:// URL',
  );

/** Every environment variable the product reads, validated once at start (README "Configuration"). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_TITLE: z.string().min(1).default(D.webTitle),
  SUPPORT_EMAIL: z.string().email().default(D.supportEmail),
  PUBLIC_API_KEY: z.string().min(1).default(D.publicApiKey),
  PUBLIC_BASE_URL: optionalString.pipe(absoluteUrl.optional()),
  /** Comma-separated prefixes that notice and banner URLs must start with (docs/product.md §5 {host}). */
  URL_PREFIXES: z.string().default(D.urlPrefixes.join(',')),
  DRAWINGS_URL: absoluteUrl.default(D.drawingsUrl),
  DRAWINGS_PASSWORD: z.string().default('roof2025'),
  COMPANY_HOME_URL: absoluteUrl.default(D.companyHomeUrl),
  /** The browser tab's icon (docs/product.md §14). */
  ICON_URL: imageUrl.default(D.iconUrl),
  /** The logo in the headers; unset, the product's own mark. */
  LOGO_URL: optionalString.pipe(imageUrl.optional()),
  /** Comma-separated images of the banners the demo data starts with (docs/product.md §14). */
  DEFAULT_BANNER_IMAGES: z
    .string()
    .default(DEMO_BANNER_IMAGES.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(imageUrl).min(1, 'needs at least one image')),
  /** JSON file extending or overriding the carrier tracking table (docs/decisions/012); unset = built-in. */
  CARRIER_TRACKING_FILE: optionalString,
  /**
   * Order exports running at once, per person and in this process (docs/decisions/024); one more
   * is answered 429 with Retry-After.
   */
  LEDGER_EXPORT_MAX_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(LEDGER_EXPORT_MAX_PER_USER),
  LEDGER_EXPORT_MAX_TOTAL: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(LEDGER_EXPORT_MAX_TOTAL),
  /**
   * Apply the migrations at start; false where a job applies them before the servers roll
   * (`node dist/server/migrate.js`, the Helm chart's pre-upgrade job; decision 028).
   */
  MIGRATE_ON_START: booleanFlag(true),
  /** Seed the demo data when the database is empty. */
  SEED_DEMO: booleanFlag(true),
  /**
   * Trust X-Forwarded-For from this proxy (e.g. "127.0.0.1" or "10.0.0.0/8"); unset = no proxy.
   * Its own connections are not limited per address (docs/decisions/023).
   */
  TRUST_PROXY: optionalString,
  /** Identity secret (cookies, key encryption); unset = generated once and kept in the database. */
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** Pre-login calls allowed per client address and per mail address in one minute. */
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_MAIL_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * How long an instance trusts that the session behind an access token is still alive before it
   * looks again: a session ended on another instance refuses its tokens within this time.
   */
  SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).max(60).default(30),
  /**
   * A session ends this long after its last activity (docs/product.md §4; decision 034). A
   * fraction of a minute is allowed so that a test need not wait an hour.
   */
  SESSION_IDLE_MINUTES: z.coerce.number().positive().max(1440).default(D.sessionIdleMinutes),
  /** A session ends this long after its sign-in, however active (decision 034). */
  SESSION_MAX_HOURS: z.coerce.number().positive().max(720).default(D.sessionMaxHours),
  /** A session outlives its last page by this long, so that a reload keeps it (decision 034). */
  SESSION_LEAVE_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600)
    .default(D.sessionLeaveGraceSeconds),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * What this process runs (decision 029): `all` serves and runs the jobs (the mail outbox, the
   * audit log's retention); `web` serves and runs no job; `worker` runs the jobs and answers only
   * /healthz and /readyz on PORT. `web` and `worker` need DATABASE_URL: the embedded database is
   * one process's.
   */
  PORTAL_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /**
   * The metrics listener (Prometheus text at /metrics, decision 029), never the public port; 0
   * switches it off. On 127.0.0.1 by default: a container's scraper needs METRICS_HOST=0.0.0.0.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /**
   * Traces (decision 029): the OTLP/HTTP collector's base URL (spans go to <url>/v1/traces, as
   * JSON); unset = no traces, and the OpenTelemetry SDK is not even loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(absoluteUrl.optional()),
  /** The service's name in the traces. */
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('customer-portal'),
  /**
   * Connection time-outs (docs/decisions/007): a client gets this long to send its headers, and
   * the whole request with its body; none of them can be switched off, since a connection
   * without one stays open for ever.
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(60_000),
  /** Idle time between two requests on one connection; keep it above a balancer's own. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(72_000),
  /** A connection on which nothing moves either way (a client that stops reading) is closed. */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1).default(120_000),
  /** Open connections at most; new ones over it are closed at once. */
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(2000),
  /**
   * Open connections of one client address at most (an IPv6 client: its /64), below
   * HTTP_MAX_CONNECTIONS so that one client never fills it; unset = a tenth of it
   * (docs/decisions/023). The trusted proxy's connections are not counted.
   */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,9}$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1))
      .optional(),
  ),
  /** Outgoing mail server; unset = mails are written as .eml files under DATA_DIR/mail. */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
      'must be an address such as "Portal <no-reply@example.com>" or no-reply@example.com',
    )
    .default('お客様ポータル <no-reply@example.com>'),
  /**
   * The mail outbox's worker (docs/decisions/014): how often it looks for due mails (besides the
   * wake-up after each new mail), the first retry's delay (doubled each time, capped at the
   * maximum), and the attempts before a mail is marked failed.
   */
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(10).default(3_600_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** S3-compatible object storage (docs/product.md §10); unset = the local directory DATA_DIR/storage. */
  S3_ENDPOINT: optionalString.pipe(absoluteUrl.optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Both or neither; neither = the AWS SDK's default credential chain (AWS_* variables, role). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** http://host/bucket/key (MinIO, most gateways); false = virtual-hosted http://bucket.host/key. */
  S3_FORCE_PATH_STYLE: booleanFlag(true),
  /** Put before every customer bucket name, e.g. "acme-" (AWS bucket names are global). */
  S3_BUCKET_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{0,39}$/, 'lower-case letters, digits, "." and "-", at most 40')
      .optional(),
  ),
  /**
   * The bucket of the documents' write-once archive (docs/decisions/030), beside the customer
   * buckets (S3_BUCKET_PREFIX applies): objects named by their SHA-256, never replaced.
   */
  DOCUMENT_ARCHIVE_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: lower-case letters, digits, "." and "-"',
    )
    .default('portal-document-archive'),
  /**
   * Years an archived document version is kept after the latest filing deadline its date can
   * fall under (domain/documents.ts): 10 by default, 7 at least (電子帳簿保存法).
   */
  DOCUMENT_RETENTION_YEARS: z.coerce
    .number()
    .int()
    .min(DOCUMENT_RETENTION_MIN_YEARS)
    .max(100)
    .default(DOCUMENT_RETENTION_DEFAULT_YEARS),
  /** Lifetime of a download URL (shared files, order documents), in seconds. */
  DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(1).max(604_800).default(300),
  /**
   * Days the audit log keeps an event (docs/decisions/017); older ones are deleted by the server
   * once a day, the first time a minute after it starts.
   */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  /** Shared rate-limit and lockout counters; unset = they live in the database. */
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  /**
   * The search-answer cache (docs/decisions/018), in MB: in this process, or in Redis when
   * REDIS_URL is set; 0 turns it off.
   */
  LEDGER_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  /**
   * Who holds the credentials (docs/decisions/011): the built-in provider (Better Auth on the
   * portal's database) or Firebase Authentication. The portal keeps its own sessions either way.
   */
  IDENTITY_PROVIDER: z.enum(['builtin', 'firebase']).default('builtin'),
  /**
   * Staff must enrol a second factor before reaching any screen (`required`), or may choose as
   * the others do (`optional`, for a demo or a test environment; docs/decisions/016).
   */
  STAFF_SECOND_FACTOR: z.enum(['required', 'optional']).default('required'),
  /**
   * The built-in provider's password hashing work: log2 of scrypt's N (r = 16, p = 1). 14, the
   * standard, takes about 0.1 s of a core per sign-in; each step up doubles time and memory. A
   * hash keeps the cost it was made with, so a change applies to passwords set from then on.
   * Below 14 only for tests, which sign in hundreds of times: the server warns at start.
   */
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(LEAST_PASSWORD_HASH_COST)
    .max(MOST_PASSWORD_HASH_COST)
    .default(STANDARD_PASSWORD_HASH_COST),
  /**
   * The embedded database's shared buffers, in MB (PostgreSQL's shared_buffers; PGlite only).
   * PostgreSQL's default, 128: the pages it keeps in memory. PGlite clears them all each time it
   * opens, a fifth of a second of a core at 128: the tests, which open a database for every test
   * file, use 16, enough for their data.
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(128),
  /** The Firebase project (IDENTITY_PROVIDER=firebase). */
  FIREBASE_PROJECT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{4,28}[a-z0-9]$/, 'must be a Firebase project id such as my-portal')
      .optional(),
  ),
  /** The project's web API key, for the password check (identitytoolkit accounts:signInWithPassword). */
  FIREBASE_API_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{10,}$/, 'must be the web API key of the Firebase project')
      .optional(),
  ),
  /** host:port of the Firebase Auth Emulator; unset = the real Firebase. */
  FIREBASE_AUTH_EMULATOR_HOST: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.[\]:-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:9099')
      .optional(),
  ),
  /** A service-account key file (Google's libraries read it); unset = application default credentials. */
  GOOGLE_APPLICATION_CREDENTIALS: optionalString,
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  dataDir: string;
  publicBaseUrl: string;
  /** Origins sign-in accepts (trustedOriginsOf). */
  trustedOrigins: string[];
  urlPrefixes: string[];
  /** The carrier tracking table: built-in, with CARRIER_TRACKING_FILE applied. */
  carrierTracking: CarrierTrackingTable;
  /** HTTP_MAX_CONNECTIONS_PER_ADDRESS, or its default. */
  maxConnectionsPerAddress: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const SECRET_VARIABLES = new Set(['AUTH_SECRET', 'S3_SECRET_ACCESS_KEY', 'FIREBASE_API_KEY']);

/**
 * The secrets, and the URLs that carry a password: each may come from a file named by
 * `<NAME>_FILE` instead (a Docker or Kubernetes secret mounted as a file, decision 028), checked
 * and hidden as the variable itself.
 */
export const FILE_VARIABLES = [...SECRET_VARIABLES, 'DATABASE_URL', 'SMTP_URL', 'REDIS_URL'];

/** The environment with each `<NAME>_FILE` read into NAME; both set, or a file unreadable, refused. */
function withSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const resolved = { ...env };
  const problems: string[] = [];
  for (const name of FILE_VARIABLES) {
    const file = env[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (env[name]?.trim()) {
      problems.push(`  ${name} and ${name}_FILE are both set: set one of them`);
      continue;
    }
    try {
      // A file written by `echo` or an editor ends with a line break that is not part of the value.
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      problems.push(
        `  ${name}_FILE=${JSON.stringify(file)}: cannot be read (${(err as Error).message})`,
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return resolved;
}

/**
 * A bad value as the error shows it: never a secret, and a URL without its password (a start's
 * output lands in logs that more people read than the configuration).
 */
function shownValue(name: string, value: string): string {
  if (SECRET_VARIABLES.has(name)) return `(${value.length} characters, not shown)`;
  return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/\s]*:)[^@/\s]*@/i, '$1***@'));
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(processEnv: NodeJS.ProcessEnv = process.env): Config {
  const env = withSecretFiles(processEnv);
  const parsed = envSchema
    .refine((e) => Boolean(e.S3_ACCESS_KEY_ID) === Boolean(e.S3_SECRET_ACCESS_KEY), {
      // Named by the key id: the error message shows the value, and the secret must not appear.
      path: ['S3_ACCESS_KEY_ID'],
      message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    })
    // Node refuses a headers time-out longer than the request's (the headers are in the request).
    .refine((e) => e.HTTP_HEADERS_TIMEOUT_MS <= e.HTTP_REQUEST_TIMEOUT_MS, {
      path: ['HTTP_HEADERS_TIMEOUT_MS'],
      message: 'must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    })
    // One address must not be able to fill the server's cap (docs/decisions/023).
    .refine(
      (e) =>
        e.HTTP_MAX_CONNECTIONS_PER_ADDRESS === undefined ||
        e.HTTP_MAX_CONNECTIONS_PER_ADDRESS < e.HTTP_MAX_CONNECTIONS,
      {
        path: ['HTTP_MAX_CONNECTIONS_PER_ADDRESS'],
        message: 'must be less than HTTP_MAX_CONNECTIONS',
      },
    )
    // Read here as Fastify reads it, so that a value the connection limit could not tell apart
    // from a client stops the start instead of limiting the proxy itself.
    .superRefine((e, ctx) => {
      try {
        trustedProxyMatcher(e.TRUST_PROXY);
      } catch (err) {
        ctx.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: (err as Error).message });
      }
    })
    // Two processes cannot open one embedded database: a role apart needs PostgreSQL.
    .refine((e) => e.PORTAL_ROLE === 'all' || Boolean(e.DATABASE_URL), {
      path: ['PORTAL_ROLE'],
      message:
        'web and worker need DATABASE_URL (PostgreSQL): the embedded database opens in one process only; use all',
    })
    .refine((e) => e.SESSION_IDLE_MINUTES <= e.SESSION_MAX_HOURS * 60, {
      path: ['SESSION_IDLE_MINUTES'],
      message: 'must not be longer than SESSION_MAX_HOURS',
    })
    .refine((e) => e.METRICS_PORT === 0 || e.METRICS_PORT !== e.PORT, {
      path: ['METRICS_PORT'],
      message: 'must not be PORT: the metrics are never served on the public port (0 = off)',
    })
    .superRefine((e, ctx) => {
      if (e.IDENTITY_PROVIDER !== 'firebase') return;
      const missing = (name: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [name], message });
      if (!e.FIREBASE_PROJECT_ID) {
        missing('FIREBASE_PROJECT_ID', 'required with IDENTITY_PROVIDER=firebase');
      }
      // The emulator takes any key; the real Firebase needs the project's.
      if (!e.FIREBASE_API_KEY && !e.FIREBASE_AUTH_EMULATOR_HOST) {
        missing('FIREBASE_API_KEY', 'required with IDENTITY_PROVIDER=firebase (the web API key)');
      }
      if (e.GOOGLE_APPLICATION_CREDENTIALS && !existsSync(e.GOOGLE_APPLICATION_CREDENTIALS)) {
        missing('GOOGLE_APPLICATION_CREDENTIALS', 'no such file (a service-account key file)');
      }
    })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? '(env)');
      const from = processEnv[`${name}_FILE`]?.trim() ? ` (from ${name}_FILE)` : '';
      return `  ${name}${from}=${shownValue(name, env[name] ?? '')}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const tracking = carrierTrackingOf(e.CARRIER_TRACKING_FILE);
  if ('problem' in tracking) {
    throw new ConfigError(
      `Invalid configuration:\n  CARRIER_TRACKING_FILE=${e.CARRIER_TRACKING_FILE}: ${tracking.problem}`,
    );
  }
  return {
    ...e,
    dataDir: resolve(e.DATA_DIR),
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trustedOrigins: trustedOriginsOf(e.PUBLIC_BASE_URL, e.PORT),
    urlPrefixes: e.URL_PREFIXES.split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    carrierTracking: tracking.table,
    maxConnectionsPerAddress:
      e.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? Math.max(1, Math.floor(e.HTTP_MAX_CONNECTIONS / 10)),
  };
}

/**
 * The origins sign-in accepts requests from. Configured: the one address people open. Not
 * configured (a laptop's `npm start`): localhost and its loopback aliases at the port, so that
 * opening http://127.0.0.1:3000 signs in as http://localhost:3000 does.
 */
function trustedOriginsOf(publicBaseUrl: string | undefined, port: number): string[] {
  if (publicBaseUrl) return [new URL(publicBaseUrl).origin];
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`);
}

/** The session's lifetime as configured (decision 034). */
export const sessionLifetimeOfConfig = (config: Config): SessionLifetime =>
  sessionLifetimeOf({
    idleMinutes: config.SESSION_IDLE_MINUTES,
    maxHours: config.SESSION_MAX_HOURS,
    leaveGraceSeconds: config.SESSION_LEAVE_GRACE_SECONDS,
  });

export function appConfigOf(config: Config): AppConfig {
  return {
    webTitle: config.WEB_TITLE,
    publicBaseUrl: config.publicBaseUrl,
    supportEmail: config.SUPPORT_EMAIL,
    publicApiKey: config.PUBLIC_API_KEY,
    urlPrefixes: config.urlPrefixes,
    companyHomeUrl: config.COMPANY_HOME_URL,
    iconUrl: config.ICON_URL,
    ...(config.LOGO_URL ? { logoUrl: config.LOGO_URL } : {}),
    carrierTracking: config.carrierTracking,
    companyPages: companyPagesOf(config.COMPANY_HOME_URL),
    session: {
      idleMinutes: config.SESSION_IDLE_MINUTES,
      leaveGraceSeconds: config.SESSION_LEAVE_GRACE_SECONDS,
    },
  };
}
