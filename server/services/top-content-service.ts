import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { banners, notices } from '../../db/schema';
import type {
  addBannerBodySchema,
  addNoticeBodySchema,
  Banner,
  Notice,
  updateBannerBodySchema,
  updateNoticeBodySchema,
} from '../../domain/api/top-content';
import {
  bannerProblems,
  type FieldProblems,
  fieldProblemMessage,
  noticeProblems,
} from '../../domain/top-content';
import { badRequest, forbidden, notFound } from '../errors';
import { recordAudit } from '../repositories/audit-log-repository';
import {
  findBannerForUpdate,
  findNoticeForUpdate,
  listBanners,
  listNotices,
  toBanner,
  toNotice,
} from '../repositories/top-content-repository';
import { type Caller, loadCaller } from './caller';

// Top-page notices and banners (docs/product.md §2, §5): every signed-in user reads them; only staff write,
// whatever the body says. Each write and its audit entry land in one transaction.

type AddNotice = z.infer<typeof addNoticeBodySchema>;
type UpdateNotice = z.infer<typeof updateNoticeBodySchema>;
type AddBanner = z.infer<typeof addBannerBodySchema>;
type UpdateBanner = z.infer<typeof updateBannerBodySchema>;

async function loadStaff(db: Database, request: FastifyRequest): Promise<Caller> {
  const caller = await loadCaller(db, request);
  if (!caller.isStaff) throw forbidden();
  return caller;
}

function assertValid(problems: FieldProblems<string>) {
  const fields = Object.entries(problems);
  if (fields.length > 0) {
    throw badRequest(
      fields.map(([field, problem]) => ({ field, message: fieldProblemMessage(problem!, field) })),
    );
  }
}

const actorOf = (caller: Caller) => {
  const row = caller.rows.find((r) => r.customerCode === 99999) ?? caller.rows[0]!;
  return { actorUserId: row.userId, actorMail: row.mail };
};

export async function getNotices(db: Database, request: FastifyRequest, limit: number) {
  await loadCaller(db, request);
  return listNotices(db, limit);
}

export async function addNotice(
  db: Database,
  request: FastifyRequest,
  body: AddNotice,
  prefixes: readonly string[],
): Promise<Notice> {
  const caller = await loadStaff(db, request);
  const fields = { title: body.title.trim(), url: body.url.trim() };
  assertValid(noticeProblems(fields, prefixes));
  const actor = actorOf(caller);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notices)
      .values({
        ...fields,
        user_id: actor.actorUserId,
        ...(body.display_at ? { display_at: new Date(body.display_at) } : {}),
      })
      .returning();
    const notice = toNotice(row!);
    await recordAudit(tx, {
      ...actor,
      action: 'notice.create',
      entity: 'notice',
      entityId: notice.id,
      before: null,
      after: notice,
    });
    return notice;
  });
}

export async function updateNotice(
  db: Database,
  request: FastifyRequest,
  body: UpdateNotice,
  prefixes: readonly string[],
): Promise<Notice> {
  const caller = await loadStaff(db, request);
  const fields = { title: body.title.trim(), url: body.url.trim() };
  assertValid(noticeProblems(fields, prefixes));
  const actor = actorOf(caller);
  return db.transaction(async (tx) => {
    const before = await findNoticeForUpdate(tx, body.id);
    if (!before) throw notFound();
    const [row] = await tx
      .update(notices)
      .set({
        ...fields,
        user_id: actor.actorUserId,
        updated_at: new Date(),
        ...(body.display_at ? { display_at: new Date(body.display_at) } : {}),
      })
      .where(eq(notices.id, body.id))
      .returning();
    const notice = toNotice(row!);
    await recordAudit(tx, {
      ...actor,
      action: 'notice.update',
      entity: 'notice',
      entityId: notice.id,
      before: toNotice(before),
      after: notice,
    });
    return notice;
  });
}

export async function deleteNotice(db: Database, request: FastifyRequest, id: number) {
  const actor = actorOf(await loadStaff(db, request));
  return db.transaction(async (tx) => {
    const before = await findNoticeForUpdate(tx, id);
    if (!before) throw notFound();
    await tx.delete(notices).where(eq(notices.id, id));
    await recordAudit(tx, {
      ...actor,
      action: 'notice.delete',
      entity: 'notice',
      entityId: id,
      before: toNotice(before),
      after: null,
    });
    return { id };
  });
}

export async function getBanners(db: Database, request: FastifyRequest, limit: number) {
  await loadCaller(db, request);
  return listBanners(db, limit);
}

export async function addBanner(
  db: Database,
  request: FastifyRequest,
  body: AddBanner,
  prefixes: readonly string[],
): Promise<Banner> {
  const caller = await loadStaff(db, request);
  const fields = {
    explanation: body.explanation.trim(),
    image_url: body.image_url.trim(),
    destination_url: body.destination_url.trim(),
  };
  assertValid(bannerProblems(fields, prefixes));
  const actor = actorOf(caller);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(banners)
      .values({ ...fields, user_id: actor.actorUserId })
      .returning();
    const banner = toBanner(row!);
    await recordAudit(tx, {
      ...actor,
      action: 'banner.create',
      entity: 'banner',
      entityId: banner.id,
      before: null,
      after: banner,
    });
    return banner;
  });
}

export async function updateBanner(
  db: Database,
  request: FastifyRequest,
  body: UpdateBanner,
  prefixes: readonly string[],
): Promise<Banner> {
  const caller = await loadStaff(db, request);
  const fields = {
    explanation: body.explanation.trim(),
    image_url: body.image_url.trim(),
    destination_url: body.destination_url.trim(),
  };
  assertValid(bannerProblems(fields, prefixes));
  const actor = actorOf(caller);
  return db.transaction(async (tx) => {
    const before = await findBannerForUpdate(tx, body.id);
    if (!before) throw notFound();
    const [row] = await tx
      .update(banners)
      .set({ ...fields, user_id: actor.actorUserId, updated_at: new Date() })
      .where(eq(banners.id, body.id))
      .returning();
    const banner = toBanner(row!);
    await recordAudit(tx, {
      ...actor,
      action: 'banner.update',
      entity: 'banner',
      entityId: banner.id,
      before: toBanner(before),
      after: banner,
    });
    return banner;
  });
}

export async function deleteBanner(db: Database, request: FastifyRequest, id: number) {
  const actor = actorOf(await loadStaff(db, request));
  return db.transaction(async (tx) => {
    const before = await findBannerForUpdate(tx, id);
    if (!before) throw notFound();
    await tx.delete(banners).where(eq(banners.id, id));
    await recordAudit(tx, {
      ...actor,
      action: 'banner.delete',
      entity: 'banner',
      entityId: id,
      before: toBanner(before),
      after: null,
    });
    return { id };
  });
}
