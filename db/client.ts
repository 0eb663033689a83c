import {
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the rest of the code sees, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(…)`: repositories take it where a write needs its row lock. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  /** "pglite" (embedded, the default) or "postgres" (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query within timeoutMs; rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * The connection pool's state (PostgreSQL): connections open, idle, and requests waiting for
   * one. The embedded database has no pool (one connection in this process): undefined.
   */
  poolState?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PGlite's shared_buffers in MB (PGLITE_SHARED_BUFFERS_MB); PostgreSQL's default when absent. */
  pgliteSharedBuffersMb?: number | undefined;
  /** Wraps the driver as it opens (the server's traces: each statement a span). */
  instrument?: {
    pgPool(pool: pg.Pool): void;
    pglite(client: PGlite): void;
  };
}

const here = dirname(fileURLToPath(import.meta.url));
/** db/migrations from the sources, or from dist/server when running the bundled server. */
export function migrationsFolder(): string {
  const candidates = [join(here, 'migrations'), resolve(here, '../../db/migrations')];
  return candidates.find((c) => existsSync(join(c, 'meta'))) ?? candidates[0]!;
}

/**
 * The migrations of this build the database has not had (Drizzle applies those newer than the last
 * it recorded): a server started with MIGRATE_ON_START=false refuses to start on such a database,
 * saying so, instead of failing later on a missing table or column.
 */
export async function missingMigrations(db: Database): Promise<number> {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  let last = 0;
  try {
    const result = (await db.execute(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { last: string | number | null }[] };
    last = Number(result.rows[0]?.last ?? 0);
  } catch {
    // No migrations table: a database never migrated.
  }
  return journal.entries.filter((entry) => entry.when > last).length;
}

/**
 * The database a configuration names (server/config.ts): the server and the migration command open
 * it the same way, so that a new database setting reaches both.
 */
export function databaseOptionsOf(config: {
  DATABASE_URL?: string | undefined;
  dataDir: string;
  PGLITE_SHARED_BUFFERS_MB: number;
}): DatabaseOptions {
  return {
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    pgliteSharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
  };
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.instrument)
    : openPglite(options.dataDir, options.pgliteSharedBuffersMb, options.instrument);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`database did not answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Dates and timestamps stay text, as Drizzle reads them too: no Date objects made and parsed. */
const TEXT_TYPE_OIDS = [1082 /* date */, 1114 /* timestamp */, 1184 /* timestamptz */];
const asText = (value: string) => value;
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPE_OIDS.includes(oid) ? asText : pg.types.getTypeParser(oid, format),
};

/**
 * The types Drizzle reads from PGlite as text, and so asks PGlite for with every statement: those
 * above, interval, and the arrays of dates, timestamps, intervals and numerics.
 */
const PGLITE_TEXT_TYPE_OIDS = new Set([
  ...TEXT_TYPE_OIDS,
  1186 /* interval */,
  1182 /* date[] */,
  1115 /* timestamp[] */,
  1185 /* timestamptz[] */,
  1187 /* interval[] */,
  1231 /* numeric[] */,
]);

type PgliteOptions = { parsers?: Record<number, unknown> } | undefined;
type PgliteStatement = (text: string, ...rest: unknown[]) => Promise<unknown>;

/**
 * PGlite copies a statement's own parsers over its instance's table on every statement, and that
 * table holds one parser per array type of the schema, several hundred: with Drizzle's, sent with
 * every statement, the copy cost as much as the statement (a primary-key read went from 0.47 to
 * 0.63 ms, `select 1` from 0.15 to 0.33 ms). The instance reads those types as text itself instead,
 * and a statement's parsers are left out when the instance's already read each of their types so;
 * otherwise they go with the statement as before. The rows are the same either way.
 */
function withTextTypesOnce(client: PGlite): void {
  const instance = client as unknown as { parsers: Record<number, unknown> };
  // Set once the database is up, after PGlite has put a parser of its own on every array type, and
  // before the first statement (which waits for the same moment) runs. A failed start is the
  // opening's to report.
  client.waitReady.then(
    () => {
      for (const oid of PGLITE_TEXT_TYPE_OIDS) instance.parsers[oid] = asText;
    },
    () => {},
  );
  const lean = (options: PgliteOptions): PgliteOptions => {
    if (!options?.parsers) return options;
    const { parsers, ...rest } = options;
    return Object.keys(parsers).every((oid) => instance.parsers[Number(oid)] === asText)
      ? rest
      : options;
  };
  const leaner = (statement: PgliteStatement): PgliteStatement =>
    function (this: unknown, text, ...rest) {
      // query(text, params, options) and exec(text, options): the options come last.
      const last = rest.length - 1;
      if (last >= 0) rest[last] = lean(rest[last] as PgliteOptions);
      return statement.call(this, text, ...rest);
    };
  const target = client as unknown as {
    query: PgliteStatement;
    exec: PgliteStatement;
    transaction: (run: (tx: unknown) => Promise<unknown>) => Promise<unknown>;
  };
  target.query = leaner(target.query);
  target.exec = leaner(target.exec);
  const transaction = target.transaction;
  target.transaction = function (this: unknown, run) {
    return transaction.call(this, (tx) => {
      const inside = tx as { query: PgliteStatement; exec: PgliteStatement };
      inside.query = leaner(inside.query);
      inside.exec = leaner(inside.exec);
      return run(tx);
    });
  };
}

/** One statement ready for the driver: text with $1… and its parameters (Drizzle's toSQL). */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Whether `db` is the embedded database: it runs its statements on this process's thread, one at
 * a time, so a long statement holds every other request (the PostgreSQL server runs them apart).
 */
export function isEmbedded(db: Database): boolean {
  return (db as unknown as { $client: unknown }).$client instanceof PGlite;
}

/**
 * Runs one statement (text and parameters, e.g. from Drizzle's toSQL) on the driver under `db` and
 * answers the rows as the driver builds them: objects keyed by column name, or arrays. For hot
 * paths where Drizzle's row mapping costs more than the statement (docs/decisions/005); integers
 * come as numbers, int8 as the driver gives it (text on node-postgres), dates as text.
 */
export async function queryRows<Row>(
  db: Database,
  statement: Statement,
  rowMode?: 'array',
): Promise<Row[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    // Dates as text: the instance reads them so itself (openPglite, withTextTypesOnce).
    const result = await client.query<Row>(
      statement.sql,
      statement.params,
      rowMode ? { rowMode } : {},
    );
    return result.rows;
  }
  const result = await (client as pg.Pool).query({
    text: statement.sql,
    values: statement.params,
    types: pgTypes,
    ...(rowMode ? { rowMode } : {}),
  });
  return result.rows as Row[];
}

/** The embedded database's files are open in another process (the server, an import). */
export class DataDirInUseError extends Error {}

const LOCK_HEARTBEAT_MS = 5_000;
/** A lock not renewed for this long was left by a process that ended without closing. */
export const DATA_DIR_LOCK_STALE_MS = 15_000;

/**
 * PGlite's files take one process at a time: a second one writing to them (an import run while
 * the server runs, a second server on the same DATA_DIR) corrupts the database. The lock is a
 * directory (created atomically) whose time the holder renews every 5 s, so a process that died
 * without closing leaves a lock that goes stale; a process id alone would be reused (a container's
 * server has the same pid at each start).
 */
function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'db.lock');
  const take = () => {
    mkdirSync(path);
    writeFileSync(join(path, 'pid'), String(process.pid));
  };
  try {
    take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (Date.now() - statSync(path).mtimeMs < DATA_DIR_LOCK_STALE_MS) {
      let holder = '';
      try {
        holder = ` (pid ${readFileSync(join(path, 'pid'), 'utf8').trim()})`;
      } catch {}
      throw new DataDirInUseError(
        `the database in ${dataDir} is open in another process${holder}: stop the server before ` +
          'running this command (the portal imports ledgers while it runs), or give each server ' +
          'its own DATA_DIR; a process that ended without closing frees it within 15 s',
      );
    }
    rmSync(path, { recursive: true, force: true });
    take();
  }
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {}
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  const unlock = () => {
    clearInterval(heartbeat);
    process.off('exit', unlock);
    rmSync(path, { recursive: true, force: true });
  };
  // A process that exits without closing (a failed start, an uncaught error) frees it at once.
  process.on('exit', unlock);
  return unlock;
}

function openPglite(
  dataDir: string,
  sharedBuffersMb: number | undefined,
  instrument?: DatabaseOptions['instrument'],
): DatabaseHandle {
  const dir = join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  const client = new PGlite(dir, {
    extensions: { pg_trgm },
    // PGlite's own start parameters, with the buffers' size after them (the last setting wins).
    ...(sharedBuffersMb === undefined
      ? {}
      : {
          startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
        }),
  });
  withTextTypesOnce(client);
  instrument?.pglite(client);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () =>
      migratePglite(db as never, { migrationsFolder: migrationsFolder() }) as Promise<void>,
    ping: (timeoutMs = 2000) => withTimeout(db.execute(sql`select 1`), timeoutMs).then(() => {}),
    close: () => client.close().finally(unlock),
  };
}

const MIGRATION_LOCK_KEY = 7_310_000;

function openPostgres(
  databaseUrl: string,
  instrument?: DatabaseOptions['instrument'],
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 20,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process; the next query gets a fresh one. The pool's
  // listener covers idle connections; one held by a transaction between two statements when the
  // server ends it (a restart, a failover) emits its error on the client itself: that transaction
  // fails on its next statement and the pool discards the connection when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  instrument?.pgPool(pool);
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  // drizzle-orm 0.45's transaction on a pool checks a connection out and sends BEGIN before its
  // try/finally: a BEGIN that fails (on a connection the server has just ended) never gave the
  // connection back, so a few database restarts left the pool dry and pool.end() waiting forever.
  // Each transaction checks its connection out here and always gives it back; the pool drops it
  // if it is broken.
  const transaction: Database['transaction'] = async (run, config) => {
    const client = await pool.connect();
    try {
      const onClient = drizzleNodePg({ client, schema }) as unknown as Database;
      return await onClient.transaction(run, config);
    } finally {
      client.release();
    }
  };
  db.transaction = transaction;
  return {
    db,
    kind: 'postgres',
    // Instances started together would each create the tables (one failing on "already exists"):
    // the migrations run under a session lock, on one connection, so the others wait and find
    // them applied.
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client }) as never, {
            migrationsFolder: migrationsFolder(),
          });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    ping: (timeoutMs = 2000) => withTimeout(db.execute(sql`select 1`), timeoutMs).then(() => {}),
    poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
