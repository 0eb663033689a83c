import { describe, expect, it } from 'vitest';
import type { CallerRow } from '../../server/repositories/users-repository';
import {
  authorize,
  customerScope,
  type Decision,
  mayEditTopContent,
  mayImportLedger,
  mayLookUpCorporation,
  mayLookUpCustomer,
  mayReadTopContent,
  mayRegisterFolderName,
  maySeeBucket,
  maySeeCustomer,
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
    'register a folder name': mayRegisterFolderName,
    'edit notices and banners': mayEditTopContent,
    'read notices and banners': mayReadTopContent,
  } as const;
  const rows: [keyof typeof rules, Kind, Decision][] = [
    ['import the ledger', 'staff', 'allowed'],
    ['import the ledger', 'admin', 'forbidden'],
    ['import the ledger', 'user', 'forbidden'],
    ['import the ledger', 'type3', 'forbidden'],
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
