import { STAFF_USER_TYPE_ID } from '../../domain/constants';
import { isCorporateAdmin } from '../../domain/user-type';
import { forbidden, notFound } from '../errors';
import type { PersonReach } from '../repositories/users-repository';
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

/**
 * Who downloaded a customer's documents (docs/decisions/030): staff, and the administrators among
 * the customer's own users; a general user sees only their own downloads.
 */
export function maySeeDownloadReceipts(caller: Caller, customerCode: number): Decision {
  return allowedIf(
    caller.isStaff ||
      caller.rows.some((r) => r.customerCode === customerCode && isCorporateAdmin(r.userTypeId)),
  );
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

/** The invoice register's import (docs/decisions/027): staff only, like the ledger's. */
export function mayImportInvoices(caller: Caller): Decision {
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

// --- the audit view (docs/decisions/017) ---------------------------------------------

/**
 * Which audit events a caller may read: staff every one; a corporate administrator those within
 * the corporations they administer (the reach is applied in the search itself: events of those
 * corporations' customers, or naming no customer and done by those corporations' users, never
 * one done by staff); general users none (403).
 */
export function auditReach(caller: Caller): 'all' | { corporateCodes: number[] } | null {
  const scope = userAdminScope(caller);
  if (scope === 'all') return 'all';
  return scope.length > 0 ? { corporateCodes: scope } : null;
}

/** The audit view and its export: staff and corporate administrators. */
export function mayReadAudit(caller: Caller): Decision {
  return allowedIf(auditReach(caller) !== null);
}

/**
 * Filtering the audit view by a customer (undefined: no such code): staff any code; an
 * administrator only a customer of their corporations (another one's is refused, not answered
 * empty, as the managers page does).
 */
export function mayFilterAuditByCustomer(
  caller: Caller,
  customer: { corporateCode: number } | undefined,
): Decision {
  const reach = auditReach(caller);
  if (reach === 'all') return 'allowed';
  return allowedIf(
    reach !== null &&
      customer !== undefined &&
      reach.corporateCodes.includes(customer.corporateCode),
  );
}

// --- Managers (user administration) -------------------------------------------------------------
// The managers page (docs/product.md §2, §6, §12) and its use cases in server/services/users/:
// staff manage the users of every customer; corporate administrators those of their own
// corporations' customers, never a row of the staff user type; general users nothing.
// An administrator reaches a person — sees their identity (firebase_uid), adds their existing mail
// — only when that person is already a user of the administrator's corporation (a deleted row
// counts: docs/product.md §8 tells a deleted user to ask to be added again) and holds no staff
// row. Staff are not limited: they answer for every account.

/** The corporations whose users the caller administers: 'all' for staff, none for others. */
export function userAdminScope(caller: Caller): 'all' | number[] {
  if (caller.isStaff) return 'all';
  return [
    ...new Set(
      caller.rows.filter((r) => isCorporateAdmin(r.userTypeId)).map((r) => r.corporateCode),
    ),
  ];
}

/** Any call of user administration: staff and corporate administrators. */
export function mayAdministerUsers(caller: Caller): Decision {
  const scope = userAdminScope(caller);
  return allowedIf(scope === 'all' || scope.length > 0);
}

/**
 * Adding, editing or deleting a user of one customer (undefined: no such code). Staff are told
 * 'not-found' for a code that does not exist; everyone else 'forbidden' alike.
 */
export function mayManageUsersOf(
  caller: Caller,
  customer: { corporateCode: number } | undefined,
): Decision {
  const scope = userAdminScope(caller);
  if (scope === 'all') return customer ? 'allowed' : 'not-found';
  return allowedIf(customer !== undefined && scope.includes(customer.corporateCode));
}

/**
 * Listing the users of the customers asked for (undefined: a code that does not exist). Staff may
 * ask for any codes (an unknown one lists nobody); an administrator only for existing customers
 * of their corporations, every one of them.
 */
export function mayListUsersOf(
  caller: Caller,
  customers: readonly ({ corporateCode: number } | undefined)[],
): Decision {
  const scope = userAdminScope(caller);
  if (scope === 'all') return 'allowed';
  return allowedIf(
    scope.length > 0 && customers.every((c) => c !== undefined && scope.includes(c.corporateCode)),
  );
}

/** Giving a user type, or managing a row that has it: administrators never the staff type. */
export function mayGiveUserType(caller: Caller, userTypeId: number): Decision {
  const scope = userAdminScope(caller);
  if (scope === 'all') return 'allowed';
  return allowedIf(scope.length > 0 && userTypeId !== STAFF_USER_TYPE_ID);
}

/** The user types the permission select may list: administrators the BtoB group only. */
export function userTypeGroupScope(caller: Caller): 'all' | 'BtoB' {
  return caller.isStaff ? 'all' : 'BtoB';
}

/**
 * Seeing the identity (firebase_uid) of a person, given where their rows are: an administrator
 * only that of a user of their corporation who holds no staff row.
 */
export function maySeeIdentityOf(caller: Caller, person: PersonReach): Decision {
  const scope = userAdminScope(caller);
  if (scope === 'all') return 'allowed';
  return allowedIf(!person.staff && person.corporations.some((c) => scope.includes(c)));
}

/**
 * Adding a row for a mail, given where that person is (null: a new person, with neither an
 * identity nor any row). An existing person must be within the administrator's reach, or the row
 * would tie another corporation's user or a staff account to their customer, show them that
 * identity, and let them end it for that customer by deleting the row. The refusal is answered
 * 409 MAIL_HELD_ELSEWHERE, which names no identity.
 */
export function mayAddMailOf(caller: Caller, person: PersonReach | null): Decision {
  if (person === null) return mayAdministerUsers(caller);
  return maySeeIdentityOf(caller, person);
}

// --- the person's own account page ---------------------------------------------------

/**
 * The shipment notification of a customer code on one's own account page: only a code the caller
 * holds, staff included (another customer's users are changed from the managers page).
 */
export function mayChangeOwnNotification(caller: Caller, customerCode: number): Decision {
  return allowedIf(caller.holdsCustomer(customerCode));
}

/**
 * Resetting another person's second factor (docs/decisions/016): staff only; nobody
 * resets their own (reset-second-factor.ts refuses it: a backup code is the way back in).
 */
export function mayResetSecondFactor(caller: Caller): Decision {
  return allowedIf(caller.isStaff);
}

// --- inquiries on order lines (docs/decisions/032) ---------------------------------------------

/**
 * Whose inquiries a caller sees: staff every customer's; a corporate administrator those of their
 * corporations' customers; everybody the customers they hold (as the orders and the audit view).
 */
export function inquiryReach(
  caller: Caller,
): 'all' | { customerCodes: number[]; corporateCodes: number[] } {
  const scope = userAdminScope(caller);
  if (scope === 'all') return 'all';
  return { customerCodes: caller.rows.map((r) => r.customerCode), corporateCodes: scope };
}

/** One inquiry, given its customer (undefined: no such inquiry): 404 for staff, 403 otherwise. */
export function maySeeInquiry(
  caller: Caller,
  inquiry: { customerCode: number; corporateCode: number } | undefined,
): Decision {
  const reach = inquiryReach(caller);
  if (reach === 'all') return inquiry ? 'allowed' : 'not-found';
  if (!inquiry) return 'forbidden';
  return allowedIf(
    reach.customerCodes.includes(inquiry.customerCode) ||
      reach.corporateCodes.includes(inquiry.corporateCode),
  );
}

/** Asking about order lines: whoever may see the lines' customer on the orders screen. */
export function mayAskAboutLines(caller: Caller, customerCode: number): Decision {
  return maySeeCustomer(caller, customerCode);
}

/** Assigning an inquiry to a staff member, and the staff-only list filters: staff only. */
export function mayAssignInquiries(caller: Caller): Decision {
  return allowedIf(caller.isStaff);
}
