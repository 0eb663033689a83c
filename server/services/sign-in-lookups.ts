import type { Database } from '../../db/client';
import type { UserRecord } from '../../domain/api/user';
import { STAFF_CUSTOMER_CODE } from '../../domain/constants';
import { normaliseMail } from '../../domain/mail-address';
import { HttpError } from '../errors';
import type { IdentityPort } from '../identity/identity-port';
import { listAllCustomers } from '../repositories/customers-repository';
import { findUserRecord } from '../repositories/users-repository';
import { ACCOUNT_DELETED_MESSAGE, type Caller } from './caller';

// What the client asks during sign-in (docs/product.md §4 login flow): whether a mail has an
// account (before a reset), the caller's customer codes, and their user record for one of them.

/** docs/product.md §6: the caller's customer codes; a user holding 99999 receives every customer code. */
export async function getCustomerCodesOfCaller(
  { db }: { db: Database },
  caller: Caller,
): Promise<number[]> {
  if (caller.holdsCustomer(STAFF_CUSTOMER_CODE)) {
    return (await listAllCustomers(db)).map((c) => c.customerCode);
  }
  return [...new Set(caller.rows.map((r) => r.customerCode))].sort((a, b) => a - b);
}

/**
 * The caller's user record for one customer code (docs/product.md §4 login flow). Staff acting for a customer
 * they hold no row for get their staff record, so that their permissions stay those of staff.
 */
export async function getUserRecordOfCaller(
  { db }: { db: Database },
  caller: Caller,
  input: { customerCode: number },
): Promise<UserRecord[]> {
  const record = await findUserRecord(db, caller.uid, input.customerCode);
  if (record?.delete_flag) throw new HttpError(409, 'ACCOUNT_DELETED', ACCOUNT_DELETED_MESSAGE);
  if (record) return [record];
  if (caller.isStaff) {
    const staffRecord = await findUserRecord(db, caller.uid, STAFF_CUSTOMER_CODE);
    if (staffRecord && !staffRecord.delete_flag) return [staffRecord];
  }
  throw new HttpError(403, 'FORBIDDEN');
}

/**
 * Does the mail have an identity (docs/product.md §4 "Password reset: check the mail exists")? A
 * pre-login call: no caller, rate-limited by its route.
 */
export async function mailHasIdentity(
  { identity }: { identity: IdentityPort },
  input: { mail: string },
): Promise<boolean> {
  return (await identity.findUidByMail(normaliseMail(input.mail))) !== null;
}
