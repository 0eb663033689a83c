import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { invoiceMailsPending } from '../../db/schema';

/** An invoice version whose mail is to be written, as the version recorded it. */
export interface PendingInvoiceMail {
  customerCode: number;
  customerName: string;
  invoiceNo: string;
  /** YYYY-MM-DD. */
  invoiceDate: string;
  amount: number;
  version: number;
}

/** In the versions' transaction: their mails are to be written. */
export async function queueInvoiceMails(
  tx: Transaction,
  versionIds: readonly number[],
): Promise<void> {
  // Within PostgreSQL's limit of 65,535 parameters a statement.
  for (let i = 0; i < versionIds.length; i += 10_000) {
    await tx
      .insert(invoiceMailsPending)
      .values(versionIds.slice(i, i + 10_000).map((version_id) => ({ version_id })))
      .onConflictDoNothing();
  }
}

/**
 * Takes every queued invoice version (the rows are deleted in the caller's transaction, so two
 * runs never take the same one), by customer, date and number.
 */
export async function takePendingInvoiceMails(tx: Transaction): Promise<PendingInvoiceMail[]> {
  const result = await tx.execute(sql`
    with taken as (delete from invoice_mails_pending returning version_id)
    select v.customer_code, c.customer_name, v.doc_no, v.doc_date::text as doc_date,
           v.amount, v.version
      from taken
      join document_versions v on v.id = taken.version_id
      join customers c on c.customer_code = v.customer_code
     order by v.customer_code, v.doc_date, v.doc_no, v.version`);
  const rows = (
    result as unknown as {
      rows: {
        customer_code: number;
        customer_name: string;
        doc_no: string;
        doc_date: string;
        amount: string | number;
        version: number;
      }[];
    }
  ).rows;
  return rows.map((row) => ({
    customerCode: Number(row.customer_code),
    customerName: row.customer_name,
    invoiceNo: row.doc_no,
    invoiceDate: row.doc_date,
    amount: Number(row.amount),
    version: Number(row.version),
  }));
}
