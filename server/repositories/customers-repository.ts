import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { corporations, customers } from '../../db/schema';

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
