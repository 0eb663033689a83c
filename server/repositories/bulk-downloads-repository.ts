import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bulkDownloads } from '../../db/schema';

// All SQL of the prepared bulk downloads (bulk_downloads): a row per zip link, until it expires.

export type BulkDownloadRow = typeof bulkDownloads.$inferSelect;

/** Stores a prepared download, first clearing the expired ones (they are never served again). */
export async function insertBulkDownload(
  db: Database,
  row: typeof bulkDownloads.$inferInsert,
  now: Date,
): Promise<void> {
  await db.delete(bulkDownloads).where(lt(bulkDownloads.expires_at, now));
  await db.insert(bulkDownloads).values(row);
}

export async function findBulkDownloadRow(
  db: Database,
  id: string,
): Promise<BulkDownloadRow | undefined> {
  const [row] = await db.select().from(bulkDownloads).where(eq(bulkDownloads.id, id));
  return row;
}
