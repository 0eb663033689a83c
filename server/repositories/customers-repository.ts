import { asc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { corporations, customers } from '../../db/schema';

// All SQL of the customers and corporations: the lookups, the customers' buckets and folder names.

export interface CustomerRow {
  customerCode: number;
  customerName: string;
  corporateCode: number;
}

const customerColumns = {
  customerCode: customers.customer_code,
  customerName: customers.customer_name,
  corporateCode: customers.corporate_code,
};

export async function findCustomer(db: Database, code: number): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(eq(customers.customer_code, code));
  return row;
}

export async function listAllCustomers(db: Database): Promise<CustomerRow[]> {
  return db.select(customerColumns).from(customers).orderBy(asc(customers.customer_code));
}

export async function listCustomersByCodes(db: Database, codes: number[]): Promise<CustomerRow[]> {
  if (codes.length === 0) return [];
  return db
    .select(customerColumns)
    .from(customers)
    .where(inArray(customers.customer_code, codes))
    .orderBy(asc(customers.customer_code));
}

export async function listCustomersOfCorporation(
  db: Database,
  corporateCode: number,
): Promise<CustomerRow[]> {
  return db
    .select(customerColumns)
    .from(customers)
    .where(eq(customers.corporate_code, corporateCode))
    .orderBy(asc(customers.customer_code));
}

export async function findCorporationName(
  db: Database,
  corporateCode: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: corporations.corporate_name })
    .from(corporations)
    .where(eq(corporations.corporate_code, corporateCode));
  return row?.name;
}

/** Of the given codes, those of registered customers. */
export async function existingCustomerCodes(
  db: Pick<Database, 'select'>,
  codes: readonly number[],
): Promise<Set<number>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: customers.customer_code })
    .from(customers)
    .where(inArray(customers.customer_code, [...codes]));
  return new Set(rows.map((r) => r.code));
}

// --- buckets and folder names (docs/product.md §10, decision 004) ------------------------------

/** The customers whose bucket this is (none: the name is no customer's bucket). */
export async function customerCodesOfBucket(db: Database, bucketName: string): Promise<number[]> {
  const rows = await db
    .select({ code: customers.customer_code })
    .from(customers)
    .where(eq(customers.customer_bucket_name, bucketName));
  return rows.map((r) => r.code);
}

export async function bucketOfCustomer(db: Database, code: number): Promise<string | undefined> {
  const [row] = await db
    .select({ bucket: customers.customer_bucket_name })
    .from(customers)
    .where(eq(customers.customer_code, code));
  return row?.bucket;
}

/** A customer's folder name, its row locked until the transaction ends; undefined: no customer. */
export async function lockCustomerFolderName(
  tx: Transaction,
  code: number,
): Promise<{ folder_name: string | null } | undefined> {
  const [row] = await tx
    .select({ folder_name: customers.folder_name })
    .from(customers)
    .where(eq(customers.customer_code, code))
    .for('update');
  return row;
}

export async function setCustomerFolderName(
  tx: Transaction,
  code: number,
  folderName: string,
): Promise<void> {
  await tx
    .update(customers)
    .set({ folder_name: folderName, updated_at: new Date() })
    .where(eq(customers.customer_code, code));
}
