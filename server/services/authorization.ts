import { forbidden, notFound } from '../errors';
import type { Caller } from './caller';

// Every "may see / may manage" rule of the /api/v1 calls, in one place (docs/product.md §2, §12).
// Each rule is a pure function of the caller (from the verified token only, never from a field of
// the request) and the target, and answers a Decision; a use case calls `authorize(rule(…))`
// before it reads the data the rule protects. Where the target itself must be read first (the
// customer of a code, the customers of a bucket), only the rows that name the target are read.
//
// A refusal is 403, except that staff, who may see everything, are told 404 when the target does
// not exist; everyone else gets 403 whether or not it exists, so that existence is not revealed.

export type Decision = 'allowed' | 'forbidden' | 'not-found';

/** Throws the refusal of a decision (403 FORBIDDEN or 404 NOT_FOUND); returns when allowed. */
export function authorize(decision: Decision): void {
  if (decision === 'forbidden') throw forbidden();
  if (decision === 'not-found') throw notFound();
}

const allowedIf = (condition: boolean): Decision => (condition ? 'allowed' : 'forbidden');

// --- customers: orders, order documents, shared files, the bucket name -----------------------

/**
 * Orders, their documents and shared files are per customer code (docs/product.md §12): staff any
 * customer; everybody else, corporate administrators included, only a code they hold themselves.
 */
export function maySeeCustomer(caller: Caller, customerCode: number): Decision {
  return allowedIf(caller.isStaff || caller.holdsCustomer(customerCode));
}

/**
 * A bucket, named by the client, given the customer codes whose bucket it is (none: not a
 * customer's bucket). The name alone is never trusted: staff may see any customer's bucket, others
 * the bucket of a customer they hold.
 */
export function maySeeBucket(caller: Caller, customerCodesOfBucket: readonly number[]): Decision {
  if (caller.isStaff) return customerCodesOfBucket.length > 0 ? 'allowed' : 'not-found';
  return allowedIf(customerCodesOfBucket.some((code) => caller.holdsCustomer(code)));
}

/** The customer of a bucket the caller acts for: the first of its codes the caller may see. */
export function visibleCustomerOfBucket(
  caller: Caller,
  customerCodesOfBucket: readonly number[],
): number | undefined {
  return customerCodesOfBucket.find((code) => maySeeCustomer(caller, code) === 'allowed');
}

// --- lookups (docs/product.md §7 /spec/convert-…, get-customer-code-list) ---------------------

/** Staff may name any corporation; others the corporations of their own rows. */
export function mayLookUpCorporation(caller: Caller, corporateCode: number): Decision {
  return allowedIf(caller.isStaff || caller.belongsToCorporation(corporateCode));
}

/**
 * A customer's name or corporation, given the customer (undefined: no such code): any customer of
 * the caller's corporations, not only the ones the caller holds.
 */
export function mayLookUpCustomer(
  caller: Caller,
  customer: { corporateCode: number } | undefined,
): Decision {
  if (caller.isStaff) return customer ? 'allowed' : 'not-found';
  if (!customer) return 'forbidden';
  return mayLookUpCorporation(caller, customer.corporateCode);
}

/** The customers a caller's lists show: staff every customer, others the codes they hold. */
export function customerScope(caller: Caller): 'all' | number[] {
  return caller.isStaff ? 'all' : caller.rows.map((row) => row.customerCode);
}

// --- staff-only operations ---------------------------------------------------------------------

/** The ledger CSV import (docs/product.md §13): staff only. */
export function mayImportLedger(caller: Caller): Decision {
  return allowedIf(caller.isStaff);
}

/** Naming a customer's folder (decision 004): staff only. */
export function mayRegisterFolderName(caller: Caller): Decision {
  return allowedIf(caller.isStaff);
}

/** Top-page notices and banners (docs/product.md §2, §5): every signed-in caller reads them. */
export function mayReadTopContent(_caller: Caller): Decision {
  return 'allowed';
}

/** Writing notices and banners: staff only, whatever the body says. */
export function mayEditTopContent(caller: Caller): Decision {
  return allowedIf(caller.isStaff);
}

// --- Managers (user administration) -------------------------------------------------------------
// Reserved for the identity engineer: the rules of server/services/user-admin-service.ts and
// server/services/users/** (who may list, add, edit and delete which users) go here, in the same
// form — a pure function of the caller and the target answering a Decision — with their rows in
// tests/unit/authorization.test.ts.
