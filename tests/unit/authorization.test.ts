import { describe, expect, it } from 'vitest';
import type { CallerRow } from '../../server/repositories/users-repository';
import {
  auditReach,
  authorize,
  customerScope,
  type Decision,
  mayAddMailOf,
  mayAdministerUsers,
  mayEditTopContent,
  mayFilterAuditByCustomer,
  mayGiveUserType,
  mayImportInvoices,
  mayImportLedger,
  mayListUsersOf,
  mayLookUpCorporation,
  mayLookUpCustomer,
  mayManageUsersOf,
  mayReadAudit,
  mayReadTopContent,
  mayRegisterFolderName,
  maySeeBucket,
  maySeeCustomer,
  maySeeIdentityOf,
  userAdminScope,
  userTypeGroupScope,
  visibleCustomerOfBucket,
} from '../../server/services/authorization';
import { Caller } from '../../server/services/caller';

// The rules of server/services/authorization.ts, one row per caller kind × target (the demo
// accounts of the README): corporation 1001 holds customers 10001 and 10002, corporation 2001
// holds 20001, staff are customer 99999 with user type 3.

const row = (customerCode: number, userTypeId: number, corporateCode: number): CallerRow => ({
  userId: customerCode * 10 + userTypeId,
  mail: `${customerCode}-${userTypeId}@example.com`,
  customerCode,
  userTypeId,
  corporateCode,
  deleteFlag: false,
});

const callers = {
  staff: new Caller('staff', [row(99999, 3, 9999)]),
  admin: new Caller('admin', [row(10001, 1, 1001)]),
  user: new Caller('user', [row(10001, 2, 1001)]),
  multi: new Caller('multi', [row(10001, 2, 1001), row(10002, 2, 1001)]),
  other: new Caller('other', [row(20001, 2, 2001)]),
  // Type 3 without customer 99999 is not staff (docs/product.md §1).
  type3: new Caller('type3', [row(10001, 3, 1001)]),
} as const;
type Kind = keyof typeof callers;

describe('maySeeCustomer: orders, documents, shared files, the bucket name', () => {
  const rows: [Kind, number, Decision][] = [
    ['staff', 10001, 'allowed'],
    ['staff', 20001, 'allowed'],
    ['staff', 123456, 'allowed'],
    ['admin', 10001, 'allowed'],
    // An administrator of corporation 1001 does not hold 10002: orders are per customer code.
    ['admin', 10002, 'forbidden'],
    ['user', 10001, 'allowed'],
    ['user', 10002, 'forbidden'],
    ['multi', 10002, 'allowed'],
    ['other', 10001, 'forbidden'],
    ['other', 20001, 'allowed'],
    ['type3', 20001, 'forbidden'],
  ];
  it.each(rows)('%s × customer %i → %s', (kind, code, expected) => {
    expect(maySeeCustomer(callers[kind], code)).toBe(expected);
  });
});

describe('maySeeBucket: a bucket named by the client, by the customers whose bucket it is', () => {
  const rows: [Kind, number[], Decision][] = [
    ['staff', [10001], 'allowed'],
    // Staff may see every bucket, so a name that is no customer's bucket is simply not there.
    ['staff', [], 'not-found'],
    ['user', [10001], 'allowed'],
    ['user', [10002], 'forbidden'],
    // Everyone else is refused alike whether or not the bucket exists.
    ['user', [], 'forbidden'],
    ['multi', [10002], 'allowed'],
    ['other', [10001, 10002], 'forbidden'],
    ['other', [10001, 20001], 'allowed'],
  ];
  it.each(rows)('%s × bucket of %j → %s', (kind, codes, expected) => {
    expect(maySeeBucket(callers[kind], codes)).toBe(expected);
  });

  it('acts for the first customer of the bucket the caller may see', () => {
    expect(visibleCustomerOfBucket(callers.staff, [10002, 10001])).toBe(10002);
    expect(visibleCustomerOfBucket(callers.user, [10002, 10001])).toBe(10001);
    expect(visibleCustomerOfBucket(callers.other, [10002, 10001])).toBeUndefined();
  });
});

describe('mayLookUpCorporation and mayLookUpCustomer', () => {
  const corporations: [Kind, number, Decision][] = [
    ['staff', 1001, 'allowed'],
    ['staff', 5555, 'allowed'],
    ['admin', 1001, 'allowed'],
    ['user', 1001, 'allowed'],
    ['user', 2001, 'forbidden'],
    ['other', 1001, 'forbidden'],
    ['other', 2001, 'allowed'],
  ];
  it.each(corporations)('%s × corporation %i → %s', (kind, code, expected) => {
    expect(mayLookUpCorporation(callers[kind], code)).toBe(expected);
  });

  const customers: [Kind, { corporateCode: number } | undefined, Decision][] = [
    ['staff', { corporateCode: 2001 }, 'allowed'],
    ['staff', undefined, 'not-found'],
    // Any customer of the caller's corporation, held or not.
    ['user', { corporateCode: 1001 }, 'allowed'],
    ['user', { corporateCode: 2001 }, 'forbidden'],
    ['user', undefined, 'forbidden'],
    ['other', { corporateCode: 1001 }, 'forbidden'],
  ];
  it.each(customers)('%s × customer %j → %s', (kind, customer, expected) => {
    expect(mayLookUpCustomer(callers[kind], customer)).toBe(expected);
  });

  it('lists every customer for staff, the held ones for others', () => {
    expect(customerScope(callers.staff)).toBe('all');
    expect(customerScope(callers.multi)).toEqual([10001, 10002]);
    expect(customerScope(callers.admin)).toEqual([10001]);
  });
});

describe('staff-only operations and the top content', () => {
  const rules = {
    'import the ledger': mayImportLedger,
    'import invoices': mayImportInvoices,
    'register a folder name': mayRegisterFolderName,
    'edit notices and banners': mayEditTopContent,
    'read notices and banners': mayReadTopContent,
  } as const;
  const rows: [keyof typeof rules, Kind, Decision][] = [
    ['import the ledger', 'staff', 'allowed'],
    ['import the ledger', 'admin', 'forbidden'],
    ['import the ledger', 'user', 'forbidden'],
    ['import the ledger', 'type3', 'forbidden'],
    ['import invoices', 'staff', 'allowed'],
    ['import invoices', 'admin', 'forbidden'],
    ['import invoices', 'user', 'forbidden'],
    ['import invoices', 'other', 'forbidden'],
    ['register a folder name', 'staff', 'allowed'],
    ['register a folder name', 'admin', 'forbidden'],
    ['edit notices and banners', 'staff', 'allowed'],
    ['edit notices and banners', 'admin', 'forbidden'],
    ['edit notices and banners', 'other', 'forbidden'],
    ['read notices and banners', 'staff', 'allowed'],
    ['read notices and banners', 'user', 'allowed'],
    ['read notices and banners', 'other', 'allowed'],
  ];
  it.each(rows)('%s: %s → %s', (rule, kind, expected) => {
    expect(rules[rule](callers[kind])).toBe(expected);
  });
});

describe('authorize', () => {
  it('returns when allowed and throws 403 or 404 otherwise', () => {
    expect(() => authorize('allowed')).not.toThrow();
    expect(() => authorize('forbidden')).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => authorize('not-found')).toThrow(expect.objectContaining({ statusCode: 404 }));
  });
});

// --- Managers (user administration) -------------------------------------------------------------

describe('managers: who administers which users (docs/product.md §2, §6, §12)', () => {
  const managers = {
    ...callers,
    // An administrator of corporation 2001, and one who administers both corporations.
    admin2: new Caller('admin2', [row(20001, 1, 2001)]),
    both: new Caller('both', [row(10001, 1, 1001), row(20001, 1, 2001)]),
    // Administrator of 1001 but only a general user at 2001: administers 1001 only.
    mixed: new Caller('mixed', [row(10001, 1, 1001), row(20001, 2, 2001)]),
  } as const;
  type Manager = keyof typeof managers;
  const corp1001 = { corporateCode: 1001 };
  const corp2001 = { corporateCode: 2001 };

  it('scope: staff every corporation, administrators those they administer, others none', () => {
    expect(userAdminScope(managers.staff)).toBe('all');
    expect(userAdminScope(managers.admin)).toEqual([1001]);
    expect(userAdminScope(managers.both)).toEqual([1001, 2001]);
    expect(userAdminScope(managers.mixed)).toEqual([1001]);
    expect(userAdminScope(managers.user)).toEqual([]);
    expect(userAdminScope(managers.type3)).toEqual([]);
  });

  const administer: [Manager, Decision][] = [
    ['staff', 'allowed'],
    ['admin', 'allowed'],
    ['mixed', 'allowed'],
    ['user', 'forbidden'],
    ['multi', 'forbidden'],
    ['other', 'forbidden'],
    // Type 3 without customer 99999 is neither staff nor an administrator.
    ['type3', 'forbidden'],
  ];
  it.each(administer)('mayAdministerUsers: %s → %s', (kind, expected) => {
    expect(mayAdministerUsers(managers[kind])).toBe(expected);
  });

  const manage: [Manager, { corporateCode: number } | undefined, Decision][] = [
    ['staff', corp1001, 'allowed'],
    ['staff', corp2001, 'allowed'],
    // Staff see every customer: a code that does not exist is simply not there.
    ['staff', undefined, 'not-found'],
    // Every customer of the administrator's corporation, held or not (10002 too).
    ['admin', corp1001, 'allowed'],
    ['admin', corp2001, 'forbidden'],
    ['admin', undefined, 'forbidden'],
    ['admin2', corp2001, 'allowed'],
    ['admin2', corp1001, 'forbidden'],
    ['both', corp2001, 'allowed'],
    ['mixed', corp2001, 'forbidden'],
    ['user', corp1001, 'forbidden'],
    ['type3', corp1001, 'forbidden'],
  ];
  it.each(manage)('mayManageUsersOf: %s × customer %j → %s', (kind, customer, expected) => {
    expect(mayManageUsersOf(managers[kind], customer)).toBe(expected);
  });

  const list: [Manager, ({ corporateCode: number } | undefined)[], Decision][] = [
    ['staff', [corp1001, corp2001], 'allowed'],
    ['staff', [undefined], 'allowed'],
    ['admin', [corp1001, corp1001], 'allowed'],
    ['admin', [corp1001, corp2001], 'forbidden'],
    ['admin', [corp1001, undefined], 'forbidden'],
    ['both', [corp1001, corp2001], 'allowed'],
    ['user', [corp1001], 'forbidden'],
  ];
  it.each(list)('mayListUsersOf: %s × customers %j → %s', (kind, customers, expected) => {
    expect(mayListUsersOf(managers[kind], customers)).toBe(expected);
  });

  const types: [Manager, number, Decision][] = [
    ['staff', 3, 'allowed'],
    ['staff', 2, 'allowed'],
    ['admin', 1, 'allowed'],
    ['admin', 2, 'allowed'],
    ['admin', 4, 'allowed'],
    ['admin', 3, 'forbidden'],
    ['user', 2, 'forbidden'],
  ];
  it.each(types)('mayGiveUserType: %s × type %i → %s', (kind, type, expected) => {
    expect(mayGiveUserType(managers[kind], type)).toBe(expected);
  });

  it('userTypeGroupScope: staff every group, administrators BtoB', () => {
    expect(userTypeGroupScope(managers.staff)).toBe('all');
    expect(userTypeGroupScope(managers.admin)).toBe('BtoB');
  });

  const inside = { corporations: [1001], staff: false };
  const elsewhere = { corporations: [2001], staff: false };
  const spanning = { corporations: [2001, 1001], staff: false };
  const staffPerson = { corporations: [9999, 1001], staff: true };
  const noRows = { corporations: [], staff: false };
  const persons: [Manager, typeof inside, Decision][] = [
    ['staff', elsewhere, 'allowed'],
    ['staff', staffPerson, 'allowed'],
    ['staff', noRows, 'allowed'],
    // A deleted row of the corporation counts (the rows read include deleted ones).
    ['admin', inside, 'allowed'],
    ['admin', spanning, 'allowed'],
    ['admin', elsewhere, 'forbidden'],
    // Never a staff account, even one given a row of the administrator's corporation.
    ['admin', staffPerson, 'forbidden'],
    // An identity without any row is nobody's user yet: out of reach.
    ['admin', noRows, 'forbidden'],
    ['admin2', elsewhere, 'allowed'],
    ['mixed', elsewhere, 'forbidden'],
    ['user', inside, 'forbidden'],
  ];
  it.each(persons)('maySeeIdentityOf and mayAddMailOf: %s × %j → %s', (kind, person, expected) => {
    expect(maySeeIdentityOf(managers[kind], person)).toBe(expected);
    expect(mayAddMailOf(managers[kind], person)).toBe(expected);
  });

  const newPerson: [Manager, Decision][] = [
    ['staff', 'allowed'],
    ['admin', 'allowed'],
    ['user', 'forbidden'],
  ];
  it.each(newPerson)(
    'mayAddMailOf a new person (no identity, no rows): %s → %s',
    (kind, expected) => {
      expect(mayAddMailOf(managers[kind], null)).toBe(expected);
    },
  );
});

// --- the audit view (docs/decisions/017) ------------------------------------------------

describe('audit view: who reads which events', () => {
  const readers = {
    ...callers,
    both: new Caller('both', [row(10001, 1, 1001), row(20001, 1, 2001)]),
    mixed: new Caller('mixed', [row(10001, 1, 1001), row(20001, 2, 2001)]),
  } as const;

  it.each([
    ['staff', 'all', 'allowed'],
    ['admin', { corporateCodes: [1001] }, 'allowed'],
    ['both', { corporateCodes: [1001, 2001] }, 'allowed'],
    ['mixed', { corporateCodes: [1001] }, 'allowed'],
    ['user', null, 'forbidden'],
    ['multi', null, 'forbidden'],
    ['other', null, 'forbidden'],
    // Type 3 outside customer 99999 is not staff, and not an administrator either.
    ['type3', null, 'forbidden'],
  ] as const)('%s: reach %j, the view %s', (who, reach, decision) => {
    expect(auditReach(readers[who])).toEqual(reach);
    expect(mayReadAudit(readers[who])).toBe(decision);
  });

  it('filtering by a customer: staff any (even unknown), an administrator their corporations’ only', () => {
    expect(mayFilterAuditByCustomer(readers.staff, undefined)).toBe('allowed');
    expect(mayFilterAuditByCustomer(readers.staff, { corporateCode: 3001 })).toBe('allowed');
    expect(mayFilterAuditByCustomer(readers.admin, { corporateCode: 1001 })).toBe('allowed');
    expect(mayFilterAuditByCustomer(readers.admin, { corporateCode: 2001 })).toBe('forbidden');
    expect(mayFilterAuditByCustomer(readers.admin, undefined)).toBe('forbidden');
    expect(mayFilterAuditByCustomer(readers.mixed, { corporateCode: 2001 })).toBe('forbidden');
    expect(mayFilterAuditByCustomer(readers.user, { corporateCode: 1001 })).toBe('forbidden');
  });
});
