import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/** The portal's own tables (identity tables included; counters and sessions change on their own). */
export const DATA_TABLES = [
  'corporations',
  'customers',
  'user_types',
  'users',
  'notices',
  'banners',
  'ledger_items',
  'invoices',
  'documents',
  'document_versions',
  'document_downloads',
  'audit_log',
  'auth_user',
  'auth_account',
  'auth_jwks',
  'account_lockouts',
  'bulk_downloads',
  'inquiries',
  'inquiry_lines',
  'inquiry_messages',
  'inquiry_attachments',
] as const;

/** One digest per table over all its rows (as text, in a fixed order): equal digests, equal rows. */
export async function tableDigests(
  db: Pick<Database, 'execute'>,
  tables: readonly string[] = DATA_TABLES,
): Promise<Record<string, string>> {
  const parts = tables.map(
    (table) =>
      sql`(select count(*) || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${sql.identifier(table)} x) as ${sql.identifier(table)}`,
  );
  const result = await db.execute(sql`select ${sql.join(parts, sql`, `)}`);
  return (result as unknown as { rows: Record<string, string>[] }).rows[0]!;
}
