import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { banners, notices } from '../../db/schema';
import type { Banner, Notice } from '../../domain/api/top-content';

type NoticeRow = typeof notices.$inferSelect;
type BannerRow = typeof banners.$inferSelect;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const toNotice = (r: NoticeRow): Notice => ({
  id: r.id,
  user_id: r.user_id,
  title: r.title,
  url: r.url,
  display_at: r.display_at.toISOString(),
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const toBanner = (r: BannerRow): Banner => ({
  id: r.id,
  user_id: r.user_id,
  explanation: r.explanation,
  image_url: r.image_url,
  destination_url: r.destination_url,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** Newest first by display_at (spec: display_at orders the notices). */
export async function listNotices(db: Database, limit: number): Promise<Notice[]> {
  const rows = await db
    .select()
    .from(notices)
    .orderBy(desc(notices.display_at), desc(notices.id))
    .limit(limit);
  return rows.map(toNotice);
}

export async function findNoticeForUpdate(tx: Tx, id: number) {
  const [row] = await tx.select().from(notices).where(eq(notices.id, id)).for('update');
  return row;
}

export async function listBanners(db: Database, limit: number): Promise<Banner[]> {
  const rows = await db.select().from(banners).orderBy(desc(banners.id)).limit(limit);
  return rows.map(toBanner);
}

export async function findBannerForUpdate(tx: Tx, id: number) {
  const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
  return row;
}
