import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actorUserId: number | null;
  actorMail: string | null;
  /** e.g. "notice.create", "banner.delete", "user.update". */
  action: string;
  entity: string;
  entityId: string | number | null;
  before: unknown;
  after: unknown;
  /** The customer the event concerns, when there is one. */
  customerCode?: number | null;
  /** The request's client address and User-Agent, for events a request causes. */
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** Records one write; call it inside the write's own transaction so both land or neither does. */
export async function recordAudit(db: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor_user_id: entry.actorUserId,
    actor_mail: entry.actorMail,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    customer_code: entry.customerCode ?? null,
    ip_address: entry.ipAddress ?? null,
    user_agent: entry.userAgent ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** A sign-in attempt as the account page's history shows it. */
export interface SignInEventRow {
  id: number;
  at: Date;
  action: string;
  ipAddress: string | null;
  userAgent: string | null;
  after: unknown;
}

/**
 * The newest sign-in attempts (`auth.sign-in`, `auth.sign-in-failed`) recorded for a mail, newest
 * first (the actor-mail index of migration 0011).
 */
export async function listSignInEvents(
  db: Pick<Database, 'select'>,
  mail: string,
  limit: number,
): Promise<SignInEventRow[]> {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.created_at,
      action: auditLog.action,
      ipAddress: auditLog.ip_address,
      userAgent: auditLog.user_agent,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actor_mail, mail),
        inArray(auditLog.action, ['auth.sign-in', 'auth.sign-in-failed']),
      ),
    )
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(limit);
}
