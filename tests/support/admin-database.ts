// The server-level statements of the tests on PostgreSQL (making and dropping databases), without
// the server's modules: the global setups use them too.
import pg from 'pg';

/** Runs `use` on a connection to `url`'s server, closed after it. */
export async function withAdmin<T>(url: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

/** A database name as an SQL identifier. */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The same server's address for another database. */
export function withDatabaseName(url: string, name: string): string {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

/** The database an address names. */
export const databaseNameOf = (url: string) => new URL(url).pathname.slice(1);
