import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { UserRecord } from '../../domain/api/user';
import { STAFF_CUSTOMER_CODE } from '../../domain/constants';
import { HttpError } from '../errors';
import { listAllCustomers } from '../repositories/customers-repository';
import { findUserRecord } from '../repositories/users-repository';
import { ACCOUNT_DELETED_MESSAGE, loadCaller } from './caller';

/** docs/product.md §6: the caller's customer codes; a user holding 99999 receives every customer code. */
export async function getCustomerCodesOfCaller(
  db: Database,
  request: FastifyRequest,
): Promise<number[]> {
  const caller = await loadCaller(db, request);
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
  db: Database,
  request: FastifyRequest,
  customerCode: number,
): Promise<UserRecord[]> {
  const caller = await loadCaller(db, request);
  const record = await findUserRecord(db, caller.uid, customerCode);
  if (record?.delete_flag) throw new HttpError(409, 'ACCOUNT_DELETED', ACCOUNT_DELETED_MESSAGE);
  if (record) return [record];
  if (caller.isStaff) {
    const staffRecord = await findUserRecord(db, caller.uid, STAFF_CUSTOMER_CODE);
    if (staffRecord && !staffRecord.delete_flag) return [staffRecord];
  }
  throw new HttpError(403, 'FORBIDDEN');
}
