import { and, eq, fillPlaceholders, inArray, or, sql } from 'drizzle-orm';
import { type Database, queryRows, type Statement } from '../../db/client';
import { authUser, customers, users, userTypes } from '../../db/schema';
import type { UserRecord } from '../../domain/api/user';
import { STAFF_CUSTOMER_CODE, STAFF_USER_TYPE_ID } from '../../domain/constants';
import { normaliseMail } from '../../domain/mail-address';

export interface CallerRow {
  userId: number;
  mail: string;
  customerCode: number;
  userTypeId: number;
  corporateCode: number;
  deleteFlag: boolean;
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

type CallerRowArray = [number, string, number, number, number, boolean];

export async function findRowsByUid(db: Database, uid: string): Promise<CallerRow[]> {
  const rows = await queryRows<CallerRowArray>(db, callerRowsStatement(db, uid), 'array');
  return rows.map(([userId, mail, customerCode, userTypeId, corporateCode, deleteFlag]) => ({
    userId,
    mail,
    customerCode,
    userTypeId,
    corporateCode,
    deleteFlag,
  }));
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

/** Does an identity exist for this mail (docs/product.md §4 "Password reset: check the mail exists")? */
export async function identityExistsForMail(db: Database, mail: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(authUser)
    .where(eq(authUser.email, normaliseMail(mail)))
    .limit(1);
  return Boolean(row);
}

/** Links user rows of a mail to the identity (users.firebase_uid = auth_user.id). */
export async function linkRowsToIdentity(db: Database, mail: string, uid: string): Promise<void> {
  await db
    .update(users)
    .set({ firebase_uid: uid, updated_at: new Date() })
    .where(eq(users.mail, normaliseMail(mail)));
}

/** A staff row: customer 99999 or user type 3 (the rules keep the two together, docs/product.md §5). */
const isStaffRow = sql<boolean>`(${users.customer_code} = ${STAFF_CUSTOMER_CODE} or ${users.user_type_id} = ${STAFF_USER_TYPE_ID})`;

export interface MailHolders {
  /** The corporations whose customers the person has rows of, deleted rows included. */
  corporations: number[];
  /** Whether one of the rows (a deleted one too) is a staff row. */
  staff: boolean;
}

/**
 * Whose an existing mail is: the rows (deleted ones too) of that mail or of the identity it signs in
 * with, by corporation. Issue 17: a corporate administrator may attach only a person who is
 * already a user of their own corporation, never a staff account.
 */
export async function mailHolders(
  db: Pick<Database, 'selectDistinct'>,
  mail: string,
  uid: string | undefined,
): Promise<MailHolders> {
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

/**
 * Of these identities, those a corporate administrator of `corporations` may see the uid of
 * (issue 17): holding a row (a deleted one too) at a customer of one of those corporations, and no
 * staff row. The managers page lists only rows of the administrator's corporation, so the rule
 * hides in practice the staff accounts that staff gave a customer's row.
 */
export async function identitiesWithin(
  db: Pick<Database, 'select'>,
  uids: string[],
  corporations: ReadonlySet<number>,
): Promise<Set<string>> {
  const distinct = [...new Set(uids)];
  if (distinct.length === 0 || corporations.size === 0) return new Set();
  const rows = await db
    .select({
      uid: users.firebase_uid,
      inside: sql<boolean>`bool_or(${inArray(customers.corporate_code, [...corporations])})`,
      staff: sql<boolean>`bool_or(${isStaffRow})`,
    })
    .from(users)
    .innerJoin(customers, eq(customers.customer_code, users.customer_code))
    .where(inArray(users.firebase_uid, distinct))
    .groupBy(users.firebase_uid);
  return new Set(rows.filter((r) => r.inside && !r.staff).map((r) => r.uid!));
}
