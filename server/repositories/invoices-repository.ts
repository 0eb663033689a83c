import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { invoices } from '../../db/schema';
import type { Invoice } from '../../domain/api/invoices';

/** One invoice as the import writes it (the columns of the CSV, read). */
export interface InvoiceRow {
  invoice_no: string;
  customer_code: number;
  invoice_date: string;
  closing_date: string | null;
  amount_excl_tax_10: number;
  tax_10: number;
  amount_excl_tax_8: number;
  tax_8: number;
  total_amount: number;
  registration_no: string;
  file_name: string;
  delivery_nos: string[];
}

const COLUMNS = [
  'customer_code',
  'invoice_date',
  'closing_date',
  'amount_excl_tax_10',
  'tax_10',
  'amount_excl_tax_8',
  'tax_8',
  'total_amount',
  'registration_no',
  'file_name',
  'delivery_nos',
] as const satisfies readonly (keyof InvoiceRow)[];

const insertColumnList = sql.raw(['invoice_no', ...COLUMNS].map((c) => `"${c}"`).join(', '));
const updateSet = sql.raw(
  [...COLUMNS.map((c) => `"${c}" = excluded."${c}"`), 'updated_at = now()'].join(', '),
);
// A row identical to the stored invoice is not written: its updated_at stays, and it counts as
// unchanged.
const changedCondition = sql.raw(
  `(${COLUMNS.map((c) => `invoices."${c}"`).join(', ')}) is distinct from (${COLUMNS.map((c) => `excluded."${c}"`).join(', ')})`,
);

/** Inserts or updates invoices by invoice number; counts what was inserted and what updated. */
export async function upsertInvoices(
  db: Pick<Database, 'execute'>,
  rows: readonly InvoiceRow[],
): Promise<{ inserted: number; updated: number }> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const result = await db.execute(
    sql`insert into ${invoices} (${insertColumnList})
      select ${insertColumnList}
      from json_populate_recordset(null::${invoices}, ${JSON.stringify(rows)}::json)
      on conflict (invoice_no) do update set ${updateSet} where ${changedCondition}
      returning (xmax::text = '0') as inserted`,
  );
  // node-postgres and PGlite both answer with { rows }.
  const written = (result as unknown as { rows: { inserted: boolean }[] }).rows;
  const inserted = written.filter((r) => r.inserted).length;
  return { inserted, updated: written.length - inserted };
}

// Invoice imports run one at a time, so two files writing the same invoices cannot deadlock.
const INVOICE_IMPORT_LOCK_KEY = 7_310_027;

/** Waits for any other invoice import to end; held until the transaction ends. */
export async function lockInvoiceImports(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INVOICE_IMPORT_LOCK_KEY})`);
}

export interface InvoiceFilter {
  customerCode: number;
  dateFrom?: string;
  dateTo?: string;
  amountMin?: number;
  amountMax?: number;
}

/** One page of a customer's invoices, newest 取引年月日 first, and how many match. */
export async function searchInvoices(
  db: Pick<Database, 'select'>,
  filter: InvoiceFilter,
  page: { limit: number; offset: number },
): Promise<{ items: Invoice[]; total: number }> {
  const where = and(
    eq(invoices.customer_code, filter.customerCode),
    filter.dateFrom ? gte(invoices.invoice_date, filter.dateFrom) : undefined,
    filter.dateTo ? lte(invoices.invoice_date, filter.dateTo) : undefined,
    filter.amountMin !== undefined ? gte(invoices.total_amount, filter.amountMin) : undefined,
    filter.amountMax !== undefined ? lte(invoices.total_amount, filter.amountMax) : undefined,
  );
  const [items, counted] = await Promise.all([
    db
      .select({
        id: invoices.id,
        invoice_no: invoices.invoice_no,
        customer_code: invoices.customer_code,
        invoice_date: invoices.invoice_date,
        closing_date: invoices.closing_date,
        amount_excl_tax_10: invoices.amount_excl_tax_10,
        tax_10: invoices.tax_10,
        amount_excl_tax_8: invoices.amount_excl_tax_8,
        tax_8: invoices.tax_8,
        total_amount: invoices.total_amount,
        registration_no: invoices.registration_no,
        file_name: invoices.file_name,
        delivery_nos: invoices.delivery_nos,
      })
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.invoice_date), desc(invoices.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { items, total: counted[0]?.n ?? 0 };
}
