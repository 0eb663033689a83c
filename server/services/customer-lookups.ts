import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { HttpError } from '../errors';
import {
  findCorporationName,
  findCustomer,
  listAllCustomers,
  listCustomersByCodes,
  listCustomersOfCorporation,
} from '../repositories/customers-repository';
import { loadCaller } from './caller';

// Customer and corporation lookups (docs/product.md §7 /spec/*). Staff may look up anything; others only the
// customers and corporations they belong to. A customer outside that answers 403, whether or not
// it exists, so that existence itself is not revealed.

async function visibleCustomer(db: Database, request: FastifyRequest, customerCode: number) {
  const caller = await loadCaller(db, request);
  const customer = await findCustomer(db, customerCode);
  if (caller.isStaff) {
    if (!customer) throw new HttpError(404, 'NOT_FOUND');
    return customer;
  }
  if (!customer || !caller.mayLookUpCorporation(customer.corporateCode)) {
    throw new HttpError(403, 'FORBIDDEN');
  }
  return customer;
}

export async function corporateCodeOfCustomer(db: Database, request: FastifyRequest, code: number) {
  return { coporate_code: (await visibleCustomer(db, request, code)).corporateCode };
}

export async function nameOfCustomer(db: Database, request: FastifyRequest, code: number) {
  return { customer_name: (await visibleCustomer(db, request, code)).customerName };
}

export async function nameOfCorporation(
  db: Database,
  request: FastifyRequest,
  corporateCode: number,
) {
  const caller = await loadCaller(db, request);
  if (!caller.mayLookUpCorporation(corporateCode)) throw new HttpError(403, 'FORBIDDEN');
  const name = await findCorporationName(db, corporateCode);
  if (name === undefined) throw new HttpError(404, 'NOT_FOUND');
  return { coporate_name: name };
}

/** Map of customer code to name of one corporation (docs/product.md §7 get-customer-code-list). */
export async function customersOfCorporation(
  db: Database,
  request: FastifyRequest,
  corporateCode: number,
): Promise<Record<string, string>> {
  const caller = await loadCaller(db, request);
  if (!caller.mayLookUpCorporation(corporateCode)) throw new HttpError(403, 'FORBIDDEN');
  const list = await listCustomersOfCorporation(db, corporateCode);
  return Object.fromEntries(list.map((c) => [String(c.customerCode), c.customerName]));
}

/** Staff: every customer. Others: the customers they hold. */
export async function customerListOfCaller(db: Database, request: FastifyRequest) {
  const caller = await loadCaller(db, request);
  const list = caller.isStaff
    ? await listAllCustomers(db)
    : await listCustomersByCodes(
        db,
        caller.rows.map((r) => r.customerCode),
      );
  return list.map((c) => ({ customer_code: c.customerCode, customer_name: c.customerName }));
}
