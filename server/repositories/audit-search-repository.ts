import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { STAFF_CUSTOMER_CODE, STAFF_USER_TYPE_ID } from '../../domain/constants';

// The audit view's reading of audit_log (issue 22, docs/decisions/017); the writing is
// audit-log-repository.ts. Pages are newest first (created_at, id), each filter served by its
// index of migration 0011; the total is counted up to a cap; the export reads on by keyset.

/** Which events a search may return: every one (staff), or an administrator's reach. */
export type AuditReach = 'all' | { corporateCodes: readonly number[] };

export interface AuditCriteria {
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
  actorMail?: string;
  customerCode?: number;
  action?: string;
  reach: AuditReach;
}

export interface AuditRow {
  id: number;
  /** ISO 8601 with microseconds, exact (the export's keyset cursor). */
  createdAt: string;
  actorUserId: number | null;
  actorMail: string | null;
  customerCode: number | null;
  customerName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface AuditExportRow extends AuditRow {
  after: unknown;
}

/** Rows that belong to staff: customer 99999 or the staff user type (users-repository's rule). */
const staffRow = sql`(s.customer_code = ${STAFF_CUSTOMER_CODE} or s.user_type_id = ${STAFF_USER_TYPE_ID})`;

/**
 * An administrator's reach (docs/decisions/017): an event whose customer is one of their
 * corporations' customers, or, naming no customer, whose actor is a user row of those customers;
 * and never an event whose actor is staff (a person with any staff row, by identity or mail).
 */
function reachCondition(reach: AuditReach): SQL | undefined {
  if (reach === 'all') return undefined;
  const corporations = sql`${`{${reach.corporateCodes.map(Number).join(',')}}`}::int[]`;
  return sql`(
    (a.customer_code in (select c.customer_code from customers c where c.corporate_code = any(${corporations}))
      or (a.customer_code is null and a.actor_user_id in (
        select u.id from users u join customers c on c.customer_code = u.customer_code
        where c.corporate_code = any(${corporations}))))
    and (a.actor_user_id is null or a.actor_user_id not in (
      select u.id from users u
      where u.mail in (select s.mail from users s where ${staffRow})
         or u.firebase_uid in (select s.firebase_uid from users s where ${staffRow} and s.firebase_uid is not null)))
    and (a.actor_mail is null or a.actor_mail not in (select s.mail from users s where ${staffRow})))`;
}

function whereOf(criteria: AuditCriteria, after?: { createdAt: string; id: number }): SQL {
  const conditions: SQL[] = [];
  if (criteria.from)
    conditions.push(sql`a.created_at >= ${criteria.from.toISOString()}::timestamptz`);
  if (criteria.to) conditions.push(sql`a.created_at < ${criteria.to.toISOString()}::timestamptz`);
  if (criteria.actorMail !== undefined) conditions.push(sql`a.actor_mail = ${criteria.actorMail}`);
  if (criteria.customerCode !== undefined)
    conditions.push(sql`a.customer_code = ${criteria.customerCode}`);
  if (criteria.action !== undefined) conditions.push(sql`a.action = ${criteria.action}`);
  const reach = reachCondition(criteria.reach);
  if (reach) conditions.push(reach);
  if (after) {
    conditions.push(sql`(a.created_at, a.id) < (${after.createdAt}::timestamptz, ${after.id})`);
  }
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

const exactTime = sql`to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface RawRow {
  id: string;
  created_at: string;
  actor_user_id: number | null;
  actor_mail: string | null;
  customer_code: number | null;
  customer_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  after?: unknown;
}

const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

const toRow = (r: RawRow): AuditRow => ({
  id: Number(r.id),
  createdAt: r.created_at,
  actorUserId: r.actor_user_id,
  actorMail: r.actor_mail,
  customerCode: r.customer_code,
  customerName: r.customer_name,
  action: r.action,
  entity: r.entity,
  entityId: r.entity_id,
  ipAddress: r.ip_address,
  userAgent: r.user_agent,
});

/**
 * One page, newest first. The events are chosen and ordered first, the customers' names joined to
 * those rows only, so that the join never changes the plan of the search.
 */
export async function searchAuditEvents(
  db: Pick<Database, 'execute'>,
  criteria: AuditCriteria,
  page: { limit: number; offset: number },
): Promise<AuditRow[]> {
  const result = await db.execute(sql`
    select e.id::text as id, e.created_at, e.actor_user_id, e.actor_mail, e.customer_code,
           c.customer_name, e.action, e.entity, e.entity_id, e.ip_address, e.user_agent
    from (
      select a.id, ${exactTime} as created_at, a.created_at as at, a.actor_user_id, a.actor_mail,
             a.customer_code, a.action, a.entity, a.entity_id, a.ip_address, a.user_agent
      from audit_log a
      where ${whereOf(criteria)}
      order by a.created_at desc, a.id desc
      limit ${page.limit} offset ${page.offset}
    ) e
    left join customers c on c.customer_code = e.customer_code
    order by e.at desc, e.id desc`);
  return rowsOf(result).map(toRow);
}

/** The events matching, counted up to `cap` + 1 (more than `cap` means "over the cap"). */
export async function countAuditEvents(
  db: Pick<Database, 'execute'>,
  criteria: AuditCriteria,
  cap: number,
): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from (
      select 1 from audit_log a where ${whereOf(criteria)} limit ${cap + 1}
    ) t`);
  return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/**
 * Every matching event, newest first, read in batches on the (created_at, id) keyset: a long
 * export holds no cursor or transaction open, and the events recorded meanwhile do not shift it.
 */
export async function* iterateAuditEvents(
  db: Pick<Database, 'execute'>,
  criteria: AuditCriteria,
  batch = 1000,
): AsyncGenerator<AuditExportRow[]> {
  let after: { createdAt: string; id: number } | undefined;
  for (;;) {
    const result = await db.execute(sql`
      select a.id::text as id, ${exactTime} as created_at, a.actor_user_id, a.actor_mail,
             a.customer_code, c.customer_name, a.action, a.entity, a.entity_id, a.ip_address,
             a.user_agent, a.after
      from audit_log a left join customers c on c.customer_code = a.customer_code
      where ${whereOf(criteria, after)}
      order by a.created_at desc, a.id desc
      limit ${batch}`);
    const rows = rowsOf(result).map((r) => ({ ...toRow(r), after: r.after ?? null }));
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * Deletes the events recorded before `cutoff`, `batch` rows a statement, so that no statement
 * holds many locks or a long transaction; answers how many went. Running it twice at once (two
 * instances) is harmless: each deletes what the other has not.
 */
export async function deleteAuditEventsBefore(
  db: Pick<Database, 'execute'>,
  cutoff: Date,
  batch = 5000,
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from audit_log where id in (
        select id from audit_log where created_at < ${cutoff.toISOString()}::timestamptz
        order by created_at limit ${batch})
      returning 1 as gone`);
    const deleted = rowsOf(result).length;
    total += deleted;
    if (deleted < batch) return total;
  }
}
