import { and, eq, fillPlaceholders, sql } from 'drizzle-orm';
import { type Database, queryRows, type Statement } from '../../db/client';
import { authUser, customers, users, userTypes } from '../../db/schema';
import type { UserRecord } from '../../domain/api/user';

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

/** Does an identity exist for this mail (spec §4 "Password reset: check the mail exists")? */
export async function identityExistsForMail(db: Database, mail: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(authUser)
    .where(eq(authUser.email, mail.trim().toLowerCase()))
    .limit(1);
  return Boolean(row);
}

/** Links user rows of a mail to the identity (users.firebase_uid = auth_user.id). */
export async function linkRowsToIdentity(db: Database, mail: string, uid: string): Promise<void> {
  await db
    .update(users)
    .set({ firebase_uid: uid, updated_at: new Date() })
    .where(eq(users.mail, mail.trim().toLowerCase()));
}
