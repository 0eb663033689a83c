import { desc, eq, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { banners, notices } from '../../db/schema';
import type { Banner, Notice } from '../../domain/api/top-content';

// All SQL of the top page's notices and banners: one store per kind, the same five statements on
// each kind's table (the use cases in services/top-content-service.ts are the same for both).

/** What a kind's table holds besides its id, author and timestamps. */
export type NoticeValues = { title: string; url: string; display_at?: Date };
export type BannerValues = { explanation: string; image_url: string; destination_url: string };

export interface TopContentStore<Item, Values> {
  /** The newest first, at most limit. */
  list(db: Database, limit: number): Promise<Item[]>;
  /** One item, its row locked until the transaction ends; undefined when there is none. */
  lock(tx: Transaction, id: number): Promise<Item | undefined>;
  insert(tx: Transaction, values: Values & { user_id: number }): Promise<Item>;
  update(tx: Transaction, id: number, values: Values & { user_id: number }): Promise<Item>;
  delete(tx: Transaction, id: number): Promise<void>;
}

type TopContentTable = typeof notices | typeof banners;

function storeOf<T extends TopContentTable, Item, Values>(
  table: T,
  toItem: (row: T['$inferSelect']) => Item,
  newestFirst: SQL[],
): TopContentStore<Item, Values> {
  // Drizzle cannot follow a generic table through its builders; each kind's rows are its table's.
  const rows = (found: unknown) => found as T['$inferSelect'][];
  return {
    async list(db, limit) {
      return rows(
        await db
          .select()
          .from(table as TopContentTable)
          .orderBy(...newestFirst)
          .limit(limit),
      ).map(toItem);
    },
    async lock(tx, id) {
      const [row] = rows(
        await tx
          .select()
          .from(table as TopContentTable)
          .where(eq(table.id, id))
          .for('update'),
      );
      return row && toItem(row);
    },
    async insert(tx, values) {
      const [row] = rows(
        await tx
          .insert(table as TopContentTable)
          .values(values as T['$inferInsert'])
          .returning(),
      );
      return toItem(row!);
    },
    async update(tx, id, values) {
      const [row] = rows(
        await tx
          .update(table as TopContentTable)
          .set({ ...values, updated_at: new Date() } as Partial<T['$inferInsert']>)
          .where(eq(table.id, id))
          .returning(),
      );
      return toItem(row!);
    },
    async delete(tx, id) {
      await tx.delete(table as TopContentTable).where(eq(table.id, id));
    },
  };
}

export const toNotice = (r: typeof notices.$inferSelect): Notice => ({
  id: r.id,
  user_id: r.user_id,
  title: r.title,
  url: r.url,
  display_at: r.display_at.toISOString(),
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const toBanner = (r: typeof banners.$inferSelect): Banner => ({
  id: r.id,
  user_id: r.user_id,
  explanation: r.explanation,
  image_url: r.image_url,
  destination_url: r.destination_url,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** Notices, newest first by display_at (spec: display_at orders the notices). */
export const noticeStore = storeOf<typeof notices, Notice, NoticeValues>(notices, toNotice, [
  desc(notices.display_at),
  desc(notices.id),
]);

/** Banners, newest first. */
export const bannerStore = storeOf<typeof banners, Banner, BannerValues>(banners, toBanner, [
  desc(banners.id),
]);
