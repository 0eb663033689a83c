// The invoice part of `npm run bench` (BENCH_ONLY=invoice-import; docs/decisions/030): an import
// of BENCH_INVOICES invoices (default 100,000, the most one file may hold) whose PDFs are all in
// the customers' Spec folders, so that every one is registered and archived; the same file again
// (nothing changes); then a zip of 2,000 of them (100 KB each) streamed over HTTP as a person's
// browser receives it. Each is timed, and the process's memory growth sampled (stats.ts): the import
// reads its file whole (the API's size limit bounds it), the zip must stream, its memory flat
// whatever its size.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { customers } from '../db/schema';
import { buildApp } from '../server/app';
import { openPlatform, seedDemoIfEmpty } from '../server/platform';
import { DEMO_REGISTRATION_NO } from '../server/services/demo-documents';
import { INVOICE_CSV_COLUMNS, importInvoiceCsv } from '../server/services/invoice-import';
import { accessToken } from './access-token';
import { benchConfig } from './bench-config';
import { measured } from './stats';

const CUSTOMERS = [10001, 10002, 20001, 30001, 30002, 40001];
const ZIP_FILES = 2_000;

/** Invoice i: a customer in turn, a day of 2024–2026, amounts at 10 % and 8 % (tax rounded down). */
function invoiceRow(i: number): Record<keyof typeof INVOICE_CSV_COLUMNS, string> {
  const base10 = ((i * 7919) % 1_900_000) + 1_000;
  const base8 = (i % 7) * 1_250;
  const tax10 = Math.floor(base10 * 0.1);
  const tax8 = Math.floor(base8 * 0.08);
  const day = new Date(Date.UTC(2024, 0, 1) + (i % 1_050) * 86_400_000).toISOString().slice(0, 10);
  const no = `BENCH-${String(i).padStart(7, '0')}`;
  return {
    invoice_no: no,
    customer_code: String(CUSTOMERS[i % CUSTOMERS.length]),
    invoice_date: day,
    closing_date: day,
    amount_excl_tax_10: String(base10),
    tax_10: String(tax10),
    amount_excl_tax_8: String(base8),
    tax_8: String(tax8),
    total_amount: String(base10 + tax10 + base8 + tax8),
    registration_no: DEMO_REGISTRATION_NO,
    file_name: `請求書_${no}.pdf`,
    delivery_nos: `DN-${no}`,
  };
}

/** A PDF-shaped file; `padding` bytes that do not compress, as a scanned page's image. */
const pdf = (no: string, padding = 0) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n% INVOICE ${no}\n`),
    randomBytes(padding),
    Buffer.from('\n%%EOF\n'),
  ]);
/** The zipped invoices' PDFs weigh as real ones do, so that the zip's memory means something. */
const ZIPPED_PDF_BYTES = 100 * 1024;

export async function runInvoiceImportBench(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const count = Number(process.env.BENCH_INVOICES ?? 100_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-invoices-'));
  const config = benchConfig(dataDir);
  console.log(
    `\n${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}, invoice import — ${count.toLocaleString('en')} invoices`,
  );
  const platform = await openPlatform(config, pino({ level: 'silent' }));
  let app: FastifyInstance | undefined;
  try {
    await seedDemoIfEmpty(platform, { ledgerLinesPerCustomer: 0 });
    const rows = Array.from({ length: count }, (_, i) => invoiceRow(i));
    const buckets = new Map(
      (
        await platform.database.db
          .select({ code: customers.customer_code, bucket: customers.customer_bucket_name })
          .from(customers)
      ).map((c) => [c.code, c.bucket]),
    );
    // The first customer's invoices of the first days of 2024, about ZIP_FILES of them.
    const days = Math.ceil((ZIP_FILES * CUSTOMERS.length * 1_050) / count);
    const zipQuery = {
      customer_code: String(CUSTOMERS[0]),
      type: 'invoice',
      date_from: '2024-01-01',
      date_to: new Date(Date.UTC(2024, 0, days)).toISOString().slice(0, 10),
    };
    const zipped = (row: (typeof rows)[number]) =>
      row.customer_code === zipQuery.customer_code && row.invoice_date <= zipQuery.date_to;
    for (const row of rows) {
      await platform.storage.putObject(
        buckets.get(Number(row.customer_code))!,
        `Spec/${row.file_name}`,
        pdf(row.invoice_no, zipped(row) ? ZIPPED_PDF_BYTES : 0),
      );
    }
    const columns = Object.keys(INVOICE_CSV_COLUMNS) as (keyof typeof INVOICE_CSV_COLUMNS)[];
    const csv = Buffer.from(
      `${[columns, ...rows.map((row) => columns.map((c) => row[c]))].map((l) => l.join(',')).join('\r\n')}\r\n`,
    );
    const ports = {
      db: platform.database.db,
      storage: platform.storage,
      archiveBucket: config.DOCUMENT_ARCHIVE_BUCKET,
      invoiceMails: { config, mailer: platform.mailer },
    };
    const actor = { actorUserId: null, actorMail: null, source: 'cli', fileName: 'bench.csv' };

    const first = await measured(() => importInvoiceCsv(ports, csv, actor));
    const again = await measured(() => importInvoiceCsv(ports, csv, actor));

    app = await buildApp({ config, platform, webRoot: join(dataDir, 'no-web-build') });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const staff = await accessToken(app, 'staff@example.com');
    const zip = await measured(async () => {
      const prepared = await fetch(`${origin}/api/v1/documents/zip`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
        body: JSON.stringify(zipQuery),
      });
      if (prepared.status !== 200)
        throw new Error(`zip: ${prepared.status} ${await prepared.text()}`);
      const { url, count: files } = (await prepared.json()) as { url: string; count: number };
      // The link names the public address (PUBLIC_BASE_URL); the bench's server listens here.
      const link = new URL(url);
      const answer = await fetch(`${origin}${link.pathname}${link.search}`);
      if (answer.status !== 200 || !answer.body) throw new Error(`zip download: ${answer.status}`);
      let bytes = 0;
      for await (const chunk of answer.body) bytes += (chunk as Uint8Array).length;
      return { files, bytes };
    });

    const figures = (m: { ms: number; peakMb: number; heapMb: number }) => ({
      seconds: +(m.ms / 1000).toFixed(1),
      'RSS growth, MB': Math.round(m.peakMb),
      'heap growth, MB': Math.round(m.heapMb),
    });
    console.table({
      [`first import: ${first.value.inserted} inserted, ${first.value.archive.archived} PDFs archived`]:
        figures(first),
      [`the same file again: ${again.value.unchanged} unchanged, ${again.value.archive.archived} archived`]:
        figures(again),
      [`zip over HTTP: ${zip.value.files} PDFs and index.csv, ${(zip.value.bytes / 2 ** 20).toFixed(1)} MB`]:
        figures(zip),
    });
  } finally {
    // The app closes the platform it was given.
    await app?.close();
    if (!app) await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
