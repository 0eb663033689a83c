import { notFound } from '../errors';
import {
  findCorporationName,
  findCustomer,
  listAllCustomers,
  listCustomersByCodes,
  listCustomersOfCorporation,
} from '../repositories/customers-repository';
import { authorize, customerScope, mayLookUpCorporation, mayLookUpCustomer } from './authorization';
import type { Caller } from './caller';
import type { DatabasePort } from './ports';

// Customer and corporation lookups (docs/product.md §7 /spec/*). Staff may look up anything; others only the
// customers and corporations they belong to. A customer outside that answers 403, whether or not
// it exists, so that existence itself is not revealed (services/authorization.ts).

/** The customer of a code, when the caller may look it up (its row is the rule's target). */
async function visibleCustomer(deps: DatabasePort, caller: Caller, customerCode: number) {
  const customer = await findCustomer(deps.db, customerCode);
  authorize(mayLookUpCustomer(caller, customer));
  return customer!;
}

export async function corporateCodeOfCustomer(
  deps: DatabasePort,
  caller: Caller,
  customerCode: number,
) {
  return { coporate_code: (await visibleCustomer(deps, caller, customerCode)).corporateCode };
}

export async function nameOfCustomer(deps: DatabasePort, caller: Caller, customerCode: number) {
  return { customer_name: (await visibleCustomer(deps, caller, customerCode)).customerName };
}

export async function nameOfCorporation(deps: DatabasePort, caller: Caller, corporateCode: number) {
  authorize(mayLookUpCorporation(caller, corporateCode));
  const name = await findCorporationName(deps.db, corporateCode);
  if (name === undefined) throw notFound();
  return { coporate_name: name };
}

/** Map of customer code to name of one corporation (docs/product.md §7 get-customer-code-list). */
export async function customersOfCorporation(
  deps: DatabasePort,
  caller: Caller,
  corporateCode: number,
): Promise<Record<string, string>> {
  authorize(mayLookUpCorporation(caller, corporateCode));
  const list = await listCustomersOfCorporation(deps.db, corporateCode);
  return Object.fromEntries(list.map((c) => [String(c.customerCode), c.customerName]));
}

/** Staff: every customer. Others: the customers they hold. */
export async function customerListOfCaller(deps: DatabasePort, caller: Caller) {
  const scope = customerScope(caller);
  const list =
    scope === 'all' ? await listAllCustomers(deps.db) : await listCustomersByCodes(deps.db, scope);
  return list.map((c) => ({ customer_code: c.customerCode, customer_name: c.customerName }));
}
