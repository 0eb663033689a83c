import { and, asc, eq, fillPlaceholders, inArray, ne, or, sql } from 'drizzle-orm';
import { type Database, queryRows, type Statement } from '../../db/client';
import { banners, customers, notices, users, userTypes } from '../../db/schema';
import type { ManagedUser, UserRecord } from '../../domain/api/user';
import { STAFF_CUSTOMER_CODE, STAFF_USER_TYPE_ID } from '../../domain/constants';
import { normaliseMail } from '../../domain/mail-address';

export interface CallerRow {
  userId: number;
  mail: string;
  customerCode: number;
  userTypeId: number;
  corporateCode: number;
  deleteFlag: boolean;
  /** When the row was joined to an identity that existed before it (null: made with it). */
  joinedAt?: Date | null;
}

/**
 * Every user row (one per customer code) of one identity, with the customer's corporation. Read on
 * every API call that needs the caller: built once with a placeholder, rows read as arrays
 * (Drizzle's building and mapping took 0.1 ms a call, docs/decisions/005).
 */
function callerRowsQuery(db: Database) {
  return db
    .select({
      userId: users.id,
      mail: users.mail,
      customerCode: users.customer_code,
      userTypeId: users.user_type_id,
      corporateCode: customers.corporate_code,
      deleteFlag: users.delete_flag,
      joinedAt: users.identity_joined_at,
    })
    .from(users)
    .innerJoin(customers, eq(customers.customer_code, users.customer_code))
    .where(eq(users.firebase_uid, sql.placeholder('uid')));
}

let callerRowsText: Statement | undefined;

/** The statement that reads a caller's user rows (also run bare by the benchmark). */
export function callerRowsStatement(db: Database, uid: string): Statement {
  callerRowsText ??= callerRowsQuery(db).toSQL();
  return { sql: callerRowsText.sql, params: fillPlaceholders(callerRowsText.params, { uid }) };
}

type CallerRowArray = [number, string, number, number, number, boolean, Date | string | null];

export async function findRowsByUid(db: Database, uid: string): Promise<CallerRow[]> {
  const rows = await queryRows<CallerRowArray>(db, callerRowsStatement(db, uid), 'array');
  return rows.map(
    ([userId, mail, customerCode, userTypeId, corporateCode, deleteFlag, joinedAt]) => ({
      userId,
      mail,
      customerCode,
      userTypeId,
      corporateCode,
      deleteFlag,
      joinedAt: joinedAt === null ? null : new Date(joinedAt),
    }),
  );
}

export async function findUserRecord(
  db: Database,
  uid: string,
  customerCode: number,
): Promise<UserRecord | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      mail: users.mail,
      user_name: users.user_name,
      customer_code: users.customer_code,
      user_type_id: users.user_type_id,
      user_type_name: userTypes.user_type_name,
      firebase_uid: users.firebase_uid,
      account_lock_date: users.account_lock_date,
      delete_flag: users.delete_flag,
      created_at: users.created_at,
      updated_at: users.updated_at,
    })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.user_type_id))
    .where(and(eq(users.firebase_uid, uid), eq(users.customer_code, customerCode)));
  if (!row) return undefined;
  return {
    ...row,
    account_lock_date: row.account_lock_date?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Links the user rows of a mail to their identity (users.firebase_uid = the identity's uid). */
export async function linkRowsToIdentity(db: Database, mail: string, uid: string): Promise<void> {
  await db
    .update(users)
    .set({ firebase_uid: uid, updated_at: new Date() })
    .where(eq(users.mail, normaliseMail(mail)));
}

/** A staff row: customer 99999 or user type 3 (the rules keep the two together, docs/product.md §5). */
const isStaffRow = sql<boolean>`(${users.customer_code} = ${STAFF_CUSTOMER_CODE} or ${users.user_type_id} = ${STAFF_USER_TYPE_ID})`;

/**
 * Where a person stands, from their user rows (deleted ones too): the corporations whose customers
 * they are a user of, and whether one of the rows is a staff row. What the managers' rules
 * decide on (server/services/authorization.ts).
 */
export interface PersonReach {
  corporations: number[];
  staff: boolean;
}

/**
 * The reach of an existing mail: the rows (deleted ones too) of that mail or of the identity it
 * signs in with.
 */
export async function reachOfMail(
  db: Pick<Database, 'selectDistinct'>,
  mail: string,
  uid: string | null,
): Promise<PersonReach> {
  const rows = await db
    .selectDistinct({ corporateCode: customers.corporate_code, staff: isStaffRow })
    .from(users)
    .innerJoin(customers, eq(customers.customer_code, users.customer_code))
    .where(uid ? or(eq(users.mail, mail), eq(users.firebase_uid, uid)) : eq(users.mail, mail));
  return {
    corporations: [...new Set(rows.map((r) => r.corporateCode))],
    staff: rows.some((r) => r.staff),
  };
}

/** Whether the portal joined this identity to this mail before: a row of it (deleted ones too). */
export async function identityHoldsMail(
  db: Pick<Database, 'select'>,
  uid: string,
  mail: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.firebase_uid, uid), eq(users.mail, mail)))
    .limit(1);
  return rows.length > 0;
}

/** The reach of each of these identities (by uid), from all their rows, deleted ones too. */
export async function reachOfIdentities(
  db: Pick<Database, 'select'>,
  uids: readonly string[],
): Promise<Map<string, PersonReach>> {
  const distinct = [...new Set(uids)];
  if (distinct.length === 0) return new Map();
  const rows = await db
    .select({
      uid: users.firebase_uid,
      corporations: sql<number[]>`array_agg(distinct ${customers.corporate_code})`,
      staff: sql<boolean>`bool_or(${isStaffRow})`,
    })
    .from(users)
    .innerJoin(customers, eq(customers.customer_code, users.customer_code))
    .where(inArray(users.firebase_uid, distinct))
    .groupBy(users.firebase_uid);
  return new Map(
    rows.map((r) => [r.uid!, { corporations: r.corporations.map(Number), staff: r.staff }]),
  );
}

// --- user administration (the managers page, docs/product.md §2) -------------------------------

/** The statements of one write of user administration, run inside its transaction. */
export type UsersWriter = Pick<
  Database,
  'select' | 'selectDistinct' | 'insert' | 'update' | 'delete'
>;

/** Runs a write and its audit entry in one transaction: both land or neither does. */
export function inUsersTransaction<T>(
  db: Database,
  work: (tx: UsersWriter) => Promise<T>,
): Promise<T> {
  return db.transaction(work);
}

/** A second row of one mail at one customer (the unique key users_mail_customer_code_key). */
export class UserRowTakenError extends Error {
  override name = 'UserRowTakenError';
}

const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
};

/** Runs a write; a unique-key violation (a double submit that got past the checks) is named. */
async function unlessTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw new UserRowTakenError('user row taken', { cause: err });
    throw err;
  }
}

const managedUserColumns = {
  id: users.id,
  mail: users.mail,
  user_name: users.user_name,
  customer_code: users.customer_code,
  customer_name: customers.customer_name,
  user_type_id: users.user_type_id,
  user_type_name: userTypes.user_type_name,
  firebase_uid: users.firebase_uid,
  account_lock_date: users.account_lock_date,
  delete_flag: users.delete_flag,
  created_at: users.created_at,
  updated_at: users.updated_at,
  shipment_mail: users.shipment_mail,
};

type ManagedRow = {
  [K in keyof typeof managedUserColumns]: (typeof managedUserColumns)[K]['_']['data'];
};

const toManagedUser = (r: ManagedRow): ManagedUser => ({
  ...r,
  account_lock_date: r.account_lock_date?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

const managedUsers = (db: Pick<Database, 'select'>) =>
  db
    .select(managedUserColumns)
    .from(users)
    .innerJoin(customers, eq(customers.customer_code, users.customer_code))
    .innerJoin(userTypes, eq(userTypes.id, users.user_type_id));

/** One user row as the managers page shows it (deleted ones too), or undefined. */
export async function findManagedUser(
  db: Pick<Database, 'select'>,
  id: number,
): Promise<ManagedUser | undefined> {
  const [row] = await managedUsers(db).where(eq(users.id, id));
  return row ? toManagedUser(row as ManagedRow) : undefined;
}

/**
 * The active users of these customers, by mail then customer; `withoutStaffType` leaves out rows of
 * the staff user type (an administrator's list).
 */
export async function listManagedUsers(
  db: Database,
  customerCodes: readonly number[],
  options: { withoutStaffType: boolean },
): Promise<ManagedUser[]> {
  if (customerCodes.length === 0) return [];
  const rows = await managedUsers(db)
    .where(
      and(
        inArray(users.customer_code, [...customerCodes]),
        eq(users.delete_flag, false),
        ...(options.withoutStaffType ? [ne(users.user_type_id, STAFF_USER_TYPE_ID)] : []),
      ),
    )
    .orderBy(asc(users.mail), asc(users.customer_code));
  return rows.map((r) => toManagedUser(r as ManagedRow));
}

export interface UserTypeRow {
  id: number;
  user_type_name: string;
  user_group: string;
}

export async function listUserTypes(db: Database): Promise<UserTypeRow[]> {
  return db
    .select({
      id: userTypes.id,
      user_type_name: userTypes.user_type_name,
      user_group: userTypes.user_group,
    })
    .from(userTypes)
    .orderBy(asc(userTypes.id));
}

export async function userTypeExists(db: Database, id: number): Promise<boolean> {
  const [type] = await db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.id, id));
  return type !== undefined;
}

/** The row of a mail at a customer, deleted or not (one at most: the unique key). */
export async function findRowOfMailAt(
  db: Pick<Database, 'select'>,
  mail: string,
  customerCode: number,
): Promise<{ id: number; deleted: boolean } | undefined> {
  const [row] = await db
    .select({ id: users.id, deleted: users.delete_flag })
    .from(users)
    .where(and(eq(users.mail, mail), eq(users.customer_code, customerCode)));
  return row;
}

export interface NewUserRow {
  mail: string;
  user_name: string;
  customer_code: number;
  user_type_id: number;
  firebase_uid: string;
  /** Set when the row joins an identity that existed before it. */
  identity_joined_at: Date | null;
}

/** Inserts a user row; UserRowTakenError when the mail already has one at that customer. */
export async function insertUserRow(db: UsersWriter, row: NewUserRow): Promise<number> {
  const [inserted] = await unlessTaken(db.insert(users).values(row).returning({ id: users.id }));
  return inserted!.id;
}

/** Brings a deleted row back with a new name, permission and identity. */
export async function restoreUserRow(
  db: UsersWriter,
  id: number,
  values: Pick<NewUserRow, 'user_name' | 'user_type_id' | 'firebase_uid' | 'identity_joined_at'>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, delete_flag: false, updated_at: new Date() })
    .where(eq(users.id, id));
}

/**
 * Changes a row's name, customer, permission and (when given) shipment notification;
 * UserRowTakenError when the customer is taken.
 */
export async function updateUserRow(
  db: UsersWriter,
  id: number,
  values: Pick<NewUserRow, 'user_name' | 'customer_code' | 'user_type_id'> & {
    shipment_mail?: boolean;
  },
): Promise<void> {
  await unlessTaken(
    db
      .update(users)
      .set({ ...values, updated_at: new Date() })
      .where(eq(users.id, id)),
  );
}

/** Soft delete: the row stays for the record with delete_flag set. */
export async function markUserRowDeleted(db: UsersWriter, id: number): Promise<void> {
  await db.update(users).set({ delete_flag: true, updated_at: new Date() }).where(eq(users.id, id));
}

/** Removes a row for good (a deleted row making room for a moved one; its history is audited). */
export async function purgeUserRow(db: UsersWriter, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** Whether the identity still has an active row (after one of its rows was deleted). */
export async function hasActiveRow(db: Pick<Database, 'select'>, uid: string): Promise<boolean> {
  const [active] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.firebase_uid, uid), eq(users.delete_flag, false)))
    .limit(1);
  return active !== undefined;
}

/**
 * Whether a user row wrote a notice or a banner: their user_id refers to it, so it cannot be
 * removed for good.
 */
export async function isAuthorOfTopContent(
  db: Pick<Database, 'select'>,
  id: number,
): Promise<boolean> {
  const [notice] = await db.select({ id: notices.id }).from(notices).where(eq(notices.user_id, id));
  const [banner] = await db.select({ id: banners.id }).from(banners).where(eq(banners.user_id, id));
  return notice !== undefined || banner !== undefined;
}

// --- the person's own account page ---------------------------------------------------

/** The rows of a mail (deleted ones too), for naming the actor of an identity event. */
export async function findRowsOfMail(
  db: Pick<Database, 'select'>,
  mail: string,
): Promise<{ id: number; customerCode: number; deleted: boolean }[]> {
  return db
    .select({ id: users.id, customerCode: users.customer_code, deleted: users.delete_flag })
    .from(users)
    .where(eq(users.mail, normaliseMail(mail)))
    .orderBy(asc(users.customer_code));
}

export interface AccountRow {
  id: number;
  mail: string;
  user_name: string;
  customer_code: number;
  customer_name: string;
  shipment_mail: boolean;
  invoice_mail: boolean;
  inquiry_mail: boolean;
}

/** The active rows of one identity with their customer's name, by customer code. */
export async function listAccountRows(
  db: Pick<Database, 'select'>,
  uid: string,
): Promise<AccountRow[]> {
  return db
    .select({
      id: users.id,
      mail: users.mail,
      user_name: users.user_name,
      customer_code: users.customer_code,
      customer_name: customers.customer_name,
      shipment_mail: users.shipment_mail,
      invoice_mail: users.invoice_mail,
      inquiry_mail: users.inquiry_mail,
    })
    .from(users)
    .innerJoin(customers, eq(customers.customer_code, users.customer_code))
    .where(and(eq(users.firebase_uid, uid), eq(users.delete_flag, false)))
    .orderBy(asc(users.customer_code));
}

/** The mail settings a person sets per user row on their account page. */
export type AccountMailSetting = 'shipment_mail' | 'invoice_mail' | 'inquiry_mail';

/** Sets one mail setting of one user row. */
export async function setAccountMail(
  db: Pick<Database, 'update'>,
  id: number,
  setting: AccountMailSetting,
  on: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ [setting]: on, updated_at: new Date() })
    .where(eq(users.id, id));
}

/**
 * The user rows that receive the invoice mails of these customers: not deleted, the setting on.
 * A person with rows for several of the customers appears once for each.
 */
export async function invoiceMailRecipients(
  db: Pick<Database, 'select'>,
  customerCodes: readonly number[],
) {
  return db
    .select({ customerCode: users.customer_code, mail: users.mail, userName: users.user_name })
    .from(users)
    .where(
      and(
        sql`${users.customer_code} = any(${sql.param(customerCodes)}::int[])`,
        eq(users.delete_flag, false),
        eq(users.invoice_mail, true),
      ),
    )
    .orderBy(asc(users.id));
}
