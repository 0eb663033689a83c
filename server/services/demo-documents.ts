import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildPdf } from '../../db/seed/file-builders';
import { ORDER_DOCUMENTS_FOLDER } from '../../domain/constants';
import { addYears, todayInJapan } from '../../domain/japan-time';
import {
  upsertInvoiceDocuments,
  upsertLedgerDocuments,
} from '../repositories/documents-repository';
import { archiveDocuments, type DocumentArchivePorts } from './document-archive';

// The demo's documents (docs/decisions/030), added after the demo seed so that `npm start` shows
// the documents screen filled: the last year's invoices of the demo customers in the invoice
// register (from the invoice PDFs the demo ledger names), archived; one of them re-issued; the
// shipping notices and delivery slips registered (the daily scan, or a first download, archives
// them). db/seed cannot do this itself: the archive is the server's.

/** The demo maker's 登録番号 (a check digit that holds: domain/registration-number.ts). */
export const DEMO_REGISTRATION_NO = 'T7000012050002';

export async function seedDemoDocuments(
  ports: DocumentArchivePorts,
  now: Date,
): Promise<{ invoices: number; reissued: string | null }> {
  const since = addYears(todayInJapan(now), -1);
  const invoiceNos = await insertDemoInvoices(ports.db, since);
  await ports.db.transaction(async (tx) => {
    await upsertLedgerDocuments(tx);
    for (let i = 0; i < invoiceNos.length; i += 2000) {
      await upsertInvoiceDocuments(tx, invoiceNos.slice(i, i + 2000));
    }
  });
  const invoiceDocuments = await ports.db.execute(
    sql`select d.id, d.doc_no, d.file_name, c.customer_bucket_name as bucket
      from documents d join customers c on c.customer_code = d.customer_code
      where d.doc_type = 'invoice' order by d.customer_code, d.doc_date desc, d.id`,
  );
  const rows = (
    invoiceDocuments as unknown as {
      rows: { id: string | number; doc_no: string; file_name: string; bucket: string }[];
    }
  ).rows;
  await archiveDocuments(ports, {
    documentIds: rows.map((r) => Number(r.id)),
    source: 'import',
    now: () => now,
  });
  // The newest invoice of the first demo customer whose PDF is there comes again, corrected.
  for (const row of rows) {
    const key = `${ORDER_DOCUMENTS_FOLDER}/${row.file_name}`;
    if (!(await ports.storage.exists(row.bucket, key))) continue;
    await ports.storage.putObject(
      row.bucket,
      key,
      buildPdf([`INVOICE  No. ${row.doc_no}  (REISSUED)`, 'Corrected: delivery address.']),
    );
    await archiveDocuments(ports, {
      documentIds: [Number(row.id)],
      source: 'scan',
      now: () => now,
    });
    return { invoices: invoiceNos.length, reissued: row.doc_no };
  }
  return { invoices: invoiceNos.length, reissued: null };
}

/**
 * One invoice per invoice PDF the demo ledger names, shipped since `since`: its lines' amounts at
 * 10 %, tax rounded down, dated by the first shipment. Answers the invoice numbers.
 */
async function insertDemoInvoices(db: Database, since: string): Promise<string[]> {
  const result = await db.execute(sql`
    insert into invoices (invoice_no, customer_code, invoice_date, closing_date,
      amount_excl_tax_10, tax_10, amount_excl_tax_8, tax_8, total_amount, registration_no,
      file_name, delivery_nos)
    select regexp_replace(invoice_file_name, '^請求書_|\\.pdf$', '', 'g'), customer_code,
      min(shipped_date), null, sum(amount), floor(sum(amount) * 0.1), 0, 0,
      sum(amount) + floor(sum(amount) * 0.1), ${DEMO_REGISTRATION_NO}, invoice_file_name,
      coalesce(array_agg(distinct delivery_no) filter (where delivery_no <> ''), '{}')
    from ledger_items
    where invoice_file_name <> '' and shipped_date is not null
    group by customer_code, invoice_file_name
    having min(shipped_date) >= ${since}
    on conflict (invoice_no) do nothing
    returning invoice_no`);
  return (result as unknown as { rows: { invoice_no: string }[] }).rows.map((r) => r.invoice_no);
}
