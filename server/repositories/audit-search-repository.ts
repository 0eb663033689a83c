import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { STAFF_CUSTOMER_CODE, STAFF_USER_TYPE_ID } from '../../domain/constants';

// The audit view's reading of audit_log (docs/decisions/017); the writing is
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
  /** A notice's title or a banner's text as the event recorded it (the row may be gone since). */
  recordedTitle: string | null;
}

export interface AuditExportRow extends AuditRow {
  after: unknown;
}

/** Rows that belong to staff: customer 99999 or the staff user type (users-repository's rule). */
const staffRow = sql`(s.customer_code = ${STAFF_CUSTOMER_CODE} or s.user_type_id = ${STAFF_USER_TYPE_ID})`;

const intArray = (values: readonly number[]) =>
  sql`${`{${values.map((v) => Math.trunc(Number(v))).join(',')}}`}::int[]`;
const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

/**
 * Up to this many customers and users of an administrator's reach, each is read from its own index
 * range, newest first, and the ranges merged (a small corporation's events are a sliver of the
 * log: walking the whole log by time to find them would read millions). A larger reach is most of
 * the log, read by time with the reach as a filter.
 */
const MAX_BRANCHES = 64;

/** How a search reads the reach: everything, nothing, one condition, or one range per branch. */
type ReachPlan =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'filter'; condition: SQL }
  | { kind: 'branches'; branches: SQL[]; exclusion: SQL };

/**
 * An administrator's reach (docs/decisions/017): an event whose customer is one of their
 * corporations' customers, or, naming no customer, whose actor is a user row of those customers;
 * and never an event whose actor is staff (any row of the actor's identity or mail a staff row).
 * Read once per search (a few small lookups), then written into the search as constants.
 */
async function planReach(db: Pick<Database, 'execute'>, reach: AuditReach): Promise<ReachPlan> {
  if (reach === 'all') return { kind: 'all' };
  const corporations = intArray(reach.corporateCodes);
  const result = await db.execute(sql`
    select
      (select coalesce(array_agg(c.customer_code order by c.customer_code), '{}')
         from customers c where c.corporate_code = any(${corporations})) as customers,
      (select coalesce(array_agg(u.id order by u.id), '{}')
         from users u join customers c on c.customer_code = u.customer_code
         where c.corporate_code = any(${corporations})) as users,
      (select coalesce(array_agg(u.id order by u.id), '{}') from users u
         where u.mail in (select s.mail from users s where ${staffRow})
            or u.firebase_uid in (select s.firebase_uid from users s
                                  where ${staffRow} and s.firebase_uid is not null)) as staff_ids,
      (select coalesce(array_agg(distinct s.mail), '{}') from users s where ${staffRow}) as staff_mails`);
  const row = (
    result as unknown as {
      rows: { customers: number[]; users: number[]; staff_ids: number[]; staff_mails: string[] }[];
    }
  ).rows[0]!;
  const staffIds = row.staff_ids.map(Number);
  const users = row.users.map(Number).filter((id) => !staffIds.includes(id));
  const customers = row.customers.map(Number);
  if (customers.length + users.length === 0) return { kind: 'none' };
  const exclusion = sql`(a.actor_user_id is null or not (a.actor_user_id = any(${intArray(staffIds)})))
    and (a.actor_mail is null or not (a.actor_mail = any(${textArray(row.staff_mails)})))`;
  if (customers.length + users.length <= MAX_BRANCHES) {
    return {
      kind: 'branches',
      branches: [
        ...customers.map((code) => sql`a.customer_code = ${code}`),
        ...users.map((id) => sql`a.customer_code is null and a.actor_user_id = ${id}`),
      ],
      exclusion,
    };
  }
  return {
    kind: 'filter',
    condition: sql`(a.customer_code = any(${intArray(customers)})
      or (a.customer_code is null and a.actor_user_id = any(${intArray(users)})))
      and ${exclusion}`,
  };
}

/** The filters' conditions (the reach apart), after the keyset position when there is one. */
function filtersOf(criteria: AuditCriteria, after?: { createdAt: string; id: number }): SQL[] {
  const conditions: SQL[] = [];
  if (criteria.from)
    conditions.push(sql`a.created_at >= ${criteria.from.toISOString()}::timestamptz`);
  if (criteria.to) conditions.push(sql`a.created_at < ${criteria.to.toISOString()}::timestamptz`);
  if (criteria.actorMail !== undefined) conditions.push(sql`a.actor_mail = ${criteria.actorMail}`);
  if (criteria.customerCode !== undefined)
    conditions.push(sql`a.customer_code = ${criteria.customerCode}`);
  if (criteria.action !== undefined) conditions.push(sql`a.action = ${criteria.action}`);
  if (after) {
    conditions.push(sql`(a.created_at, a.id) < (${after.createdAt}::timestamptz, ${after.id})`);
  }
  return conditions;
}

const and = (conditions: SQL[]) =>
  conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);

/**
 * The statements' FROM: the matching events as one set. Under a branch plan, each branch's newest
 * `perBranch` events (none of the page can be older), merged; otherwise the log itself.
 */
function sourceOf(plan: ReachPlan, filters: SQL[], perBranch: number, columns: SQL): SQL {
  if (plan.kind === 'branches') {
    const parts = plan.branches.map(
      (branch) => sql`(select ${columns} from audit_log a
        where ${and([branch, ...filters, plan.exclusion])}
        order by a.created_at desc, a.id desc limit ${perBranch})`,
    );
    return sql`(${sql.join(parts, sql` union all `)}) a`;
  }
  const where = plan.kind === 'filter' ? and([...filters, plan.condition]) : and(filters);
  return sql`(select ${columns} from audit_log a where ${where}) a`;
}

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
  recorded_title: string | null;
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
  recordedTitle: r.recorded_title,
});

const PAGE_COLUMNS = sql`a.id, a.created_at, a.actor_user_id, a.actor_mail, a.customer_code,
  a.action, a.entity, a.entity_id, a.ip_address, a.user_agent,
  case when a.entity in ('notice', 'banner')
    then coalesce(a.after->>'title', a.before->>'title',
                  a.after->>'explanation', a.before->>'explanation') end as recorded_title`;

/**
 * Events newest first from `offset`, `limit` of them. The events are chosen and ordered first,
 * the customers' names joined to those rows only, so that the join never changes the plan.
 */
async function readEvents(
  db: Pick<Database, 'execute'>,
  criteria: AuditCriteria,
  plan: ReachPlan,
  page: { limit: number; offset: number; after?: { createdAt: string; id: number } },
  withDetail: boolean,
): Promise<RawRow[]> {
  if (plan.kind === 'none') return [];
  const columns = withDetail ? sql`${PAGE_COLUMNS}, a.after` : PAGE_COLUMNS;
  const source = sourceOf(plan, filtersOf(criteria, page.after), page.offset + page.limit, columns);
  const result = await db.execute(sql`
    select e.id::text as id,
           to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
           e.actor_user_id, e.actor_mail, e.customer_code, c.customer_name, e.action, e.entity,
           e.entity_id, e.ip_address, e.user_agent, e.recorded_title${withDetail ? sql`, e.after` : sql``}
    from (
      select a.* from ${source}
      order by a.created_at desc, a.id desc
      limit ${page.limit} offset ${page.offset}
    ) e
    left join customers c on c.customer_code = e.customer_code
    order by e.created_at desc, e.id desc`);
  return rowsOf(result);
}

/** One page, newest first. */
export async function searchAuditEvents(
  db: Pick<Database, 'execute'>,
  criteria: AuditCriteria,
  page: { limit: number; offset: number },
): Promise<AuditRow[]> {
  const plan = await planReach(db, criteria.reach);
  return (await readEvents(db, criteria, plan, page, false)).map(toRow);
}

/** The events matching, counted up to `cap` + 1 (more than `cap` means "over the cap"). */
export async function countAuditEvents(
  db: Pick<Database, 'execute'>,
  criteria: AuditCriteria,
  cap: number,
): Promise<number> {
  const plan = await planReach(db, criteria.reach);
  if (plan.kind === 'none') return 0;
  const filters = filtersOf(criteria);
  const source =
    plan.kind === 'branches'
      ? sql`(${sql.join(
          plan.branches.map(
            (branch) =>
              sql`(select 1 from audit_log a where ${and([branch, ...filters, plan.exclusion])} limit ${cap + 1})`,
          ),
          sql` union all `,
        )}) t`
      : sql`(select 1 from audit_log a
          where ${plan.kind === 'filter' ? and([...filters, plan.condition]) : and(filters)}
          limit ${cap + 1}) t`;
  const result = await db.execute(sql`select count(*)::int as n from ${source}`);
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
  const plan = await planReach(db, criteria.reach);
  let after: { createdAt: string; id: number } | undefined;
  for (;;) {
    const raw = await readEvents(
      db,
      criteria,
      plan,
      { limit: batch, offset: 0, ...(after ? { after } : {}) },
      true,
    );
    const rows = raw.map((r) => ({ ...toRow(r), after: r.after ?? null }));
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

/** A person as the audit view names them: the name and mail of a user row. */
export interface AuditPerson {
  name: string;
  mail: string;
}

/** What the audit view's targets name, looked up for one page (or one export batch) at once. */
export interface AuditTargetNames {
  usersById: Map<number, AuditPerson>;
  /** By normalised mail: the person's name from a user row of that mail (one not deleted first). */
  usersByMail: Map<string, AuditPerson>;
  customersByCode: Map<number, string>;
}

const isRowId = (value: string | null): value is string =>
  value !== null && /^\d{1,9}$/.test(value);

/**
 * The names of the people and customers a page's events name as their target. Only the events
 * already in the caller's reach are looked at, so the names are those the view may show.
 */
export async function findAuditTargetNames(
  db: Pick<Database, 'execute'>,
  rows: readonly Pick<AuditRow, 'entity' | 'entityId'>[],
): Promise<AuditTargetNames> {
  const userIds = new Set<number>();
  const mails = new Set<string>();
  const customerCodes = new Set<number>();
  for (const row of rows) {
    if (row.entity === 'user' && isRowId(row.entityId)) userIds.add(Number(row.entityId));
    else if (row.entity === 'auth' && row.entityId) mails.add(row.entityId);
    else if ((row.entity === 'customer' || row.entity === 'ledger_items') && isRowId(row.entityId))
      customerCodes.add(Number(row.entityId));
  }
  const names: AuditTargetNames = {
    usersById: new Map(),
    usersByMail: new Map(),
    customersByCode: new Map(),
  };
  const [byId, byMail, customers] = await Promise.all([
    userIds.size === 0
      ? null
      : db.execute(
          sql`select id, user_name, mail from users where id = any(${intArray([...userIds])})`,
        ),
    mails.size === 0
      ? null
      : db.execute(sql`select distinct on (mail) mail, user_name from users
          where mail = any(${textArray([...mails])}) order by mail, delete_flag, id`),
    customerCodes.size === 0
      ? null
      : db.execute(sql`select customer_code, customer_name from customers
          where customer_code = any(${intArray([...customerCodes])})`),
  ]);
  for (const r of (byId as { rows: { id: number; user_name: string; mail: string }[] } | null)
    ?.rows ?? []) {
    names.usersById.set(Number(r.id), { name: r.user_name, mail: r.mail });
  }
  for (const r of (byMail as { rows: { mail: string; user_name: string }[] } | null)?.rows ?? []) {
    names.usersByMail.set(r.mail, { name: r.user_name, mail: r.mail });
  }
  for (const r of (customers as { rows: { customer_code: number; customer_name: string }[] } | null)
    ?.rows ?? []) {
    names.customersByCode.set(Number(r.customer_code), r.customer_name);
  }
  return names;
}
