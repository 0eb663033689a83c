import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentDownloads, documents, documentVersions } from '../../db/schema';
import type { DocumentListItem, DocumentPage } from '../../domain/api/documents';
import { todayInJapan } from '../../domain/japan-time';
import { archiveDocuments } from '../../server/services/document-archive';
import { bearer, signIn } from './helpers/auth';
import { createInvoice, type InvoiceCsvRow, invoiceCsv } from './helpers/invoice-factory';
import { readZip } from './helpers/read-zip';
import { createTestApp, type TestApp } from './helpers/test-app';

// The documents screen's API (docs/decisions/030): the list and its filters, a document's
// versions, a download of any version, and the receipts a download writes — only when the file
// is actually fetched.

let t: TestApp;
const tokens: Record<string, string> = {};
const ADDRESS = '198.51.100.23';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const rows: InvoiceCsvRow[] = [
  createInvoice({ invoice_date: '2026-04-30', invoice_no: 'DOC-A-0001' }),
  createInvoice({
    invoice_date: '2026-05-31',
    invoice_no: 'DOC-A-0002',
    amount_excl_tax_10: '50000',
    tax_10: '5000',
    amount_excl_tax_8: '0',
    tax_8: '0',
    total_amount: '55000',
  }),
  createInvoice({ invoice_date: '2026-06-30', invoice_no: 'DOC-A-0003' }),
  createInvoice({ invoice_date: '2026-06-30', invoice_no: 'DOC-B-0001', customer_code: '20001' }),
];
const idOf: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000' },
  });
  for (const who of ['staff', 'admin', 'user', 'other']) {
    tokens[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
  for (const row of rows) {
    await t.platform.storage.putObject(
      `portal-${row.customer_code}`,
      `Spec/${row.file_name}`,
      pdf(row.invoice_no),
    );
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/spec/import-invoices',
    payload: invoiceCsv(rows),
    headers: { ...bearer(tokens.staff!), 'content-type': 'text/csv; charset=utf-8' },
  });
  expect(res.statusCode, res.body).toBe(200);
  for (const d of await t.database.db.select().from(documents)) idOf[d.doc_no] = d.id;
});
afterAll(async () => t?.close());

const list = async (who: string, query: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/documents',
    query,
    headers: bearer(tokens[who]!),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DocumentPage;
};
const numbers = (page: DocumentPage) => page.items.map((i) => i.doc_no);
const itemOf = async (who: string, docNo: string): Promise<DocumentListItem> =>
  (await list(who, { doc_no: docNo })).items.find((i) => i.doc_no === docNo)!;

const prepare = (who: string, docNo: string, version?: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/documents/${idOf[docNo]}/download`,
    payload: version === undefined ? {} : { version },
    headers: bearer(tokens[who]!),
  });
const open = (url: string) =>
  t.app.inject({
    method: 'GET',
    url: url.slice(t.config.publicBaseUrl.length),
    remoteAddress: ADDRESS,
  });
const receiptCount = async () => (await t.database.db.select().from(documentDownloads)).length;

describe('the documents list', () => {
  it('a general user sees their customer’s documents with what the register says, newest first', async () => {
    const page = await list('user');
    expect(numbers(page)).toEqual(['DOC-A-0003', 'DOC-A-0002', 'DOC-A-0001']);
    expect(page.items[1]).toMatchObject({
      type: 'invoice',
      doc_date: '2026-05-31',
      customer_code: 10001,
      customer_name: expect.any(String),
      amount: 55000,
      registration_no: expect.stringMatching(/^T\d{13}$/),
      version: 1,
      reissued_on: null,
      first_download: null,
      downloaded_by_me: false,
    });
    expect(page.receipts_visible).toBe(false);
  });

  it('filters by date range, amount range and number, combined, and sorts by amount', async () => {
    expect(numbers(await list('user', { date_from: '2026-05-01', date_to: '2026-06-30' }))).toEqual(
      ['DOC-A-0003', 'DOC-A-0002'],
    );
    expect(numbers(await list('user', { amount_min: '50000', amount_max: '60000' }))).toEqual([
      'DOC-A-0002',
    ]);
    expect(numbers(await list('user', { date_from: '2026-06-01', amount_min: '100000' }))).toEqual([
      'DOC-A-0003',
    ]);
    expect(numbers(await list('user', { doc_no: 'a-0001' }))).toEqual(['DOC-A-0001']);
    expect(numbers(await list('user', { sort: 'amount', order: 'asc' }))[0]).toBe('DOC-A-0002');
    expect((await list('user', { type: 'delivery_slip' })).items).toEqual([]);
  });

  it('another customer’s documents are never listed; staff must choose a customer', async () => {
    expect(numbers(await list('other'))).toEqual(['DOC-B-0001']);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/documents',
      query: { customer_code: '20001' },
      headers: bearer(tokens.user!),
    });
    expect(refused.statusCode).toBe(403);
    const noCustomer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/documents',
      headers: bearer(tokens.staff!),
    });
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json().message).toMatch(/[ぁ-んァ-ン一-龥]/);
    expect(numbers(await list('staff', { customer_code: '20001' }))).toEqual(['DOC-B-0001']);
  });

  it('bad filters get a Japanese 400', async () => {
    const bad: Record<string, string>[] = [
      { date_from: '2026-02-30' },
      { amount_min: '10', amount_max: '5' },
      { type: 'receipt' },
    ];
    for (const query of bad) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/documents',
        query,
        headers: bearer(tokens.user!),
      });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });
});

describe('downloads and receipts', () => {
  it('preparing a download URL records nothing; opening it downloads the PDF and records who, when and from where', async () => {
    const before = await receiptCount();
    const prepared = await prepare('user', 'DOC-A-0001');
    expect(prepared.statusCode, prepared.body).toBe(200);
    expect(await receiptCount()).toBe(before);
    expect((await itemOf('user', 'DOC-A-0001')).downloaded_by_me).toBe(false);

    const file = await open(prepared.json().url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(pdf('DOC-A-0001'));
    expect(String(file.headers['content-disposition'])).toContain(
      encodeURIComponent(rows[0]!.file_name),
    );
    const [receipt] = await t.database.db
      .select()
      .from(documentDownloads)
      .where(eq(documentDownloads.document_id, idOf['DOC-A-0001']!));
    expect(receipt).toMatchObject({
      user_mail: 'user@example.com',
      ip_address: ADDRESS,
      via: 'single',
    });
    expect((await itemOf('user', 'DOC-A-0001')).downloaded_by_me).toBe(true);
  });

  it('administrators and staff see the first download and who; a general user only their own state', async () => {
    const asAdmin = await itemOf('admin', 'DOC-A-0001');
    expect(asAdmin.first_download).toMatchObject({ user_name: expect.any(String) });
    expect(asAdmin.downloaded_by_me).toBe(false);
    const asStaff = (await list('staff', { customer_code: '10001', doc_no: 'DOC-A-0001' }))
      .items[0]!;
    expect(asStaff.first_download?.at).toBe(asAdmin.first_download?.at);
    expect((await itemOf('user', 'DOC-A-0001')).first_download).toBeNull();
  });

  it('未ダウンロード: nobody’s download for an administrator, the caller’s own for a general user', async () => {
    expect(numbers(await list('admin', { not_downloaded: 'true' }))).toEqual([
      'DOC-A-0003',
      'DOC-A-0002',
    ]);
    // The administrator downloads one: for the general user it is still not downloaded.
    const prepared = await prepare('admin', 'DOC-A-0002');
    expect((await open(prepared.json().url)).statusCode).toBe(200);
    expect(numbers(await list('admin', { not_downloaded: 'true' }))).toEqual(['DOC-A-0003']);
    expect(numbers(await list('user', { not_downloaded: 'true' }))).toEqual([
      'DOC-A-0003',
      'DOC-A-0002',
    ]);
  });

  it('a tampered or expired URL downloads nothing and records nothing', async () => {
    const before = await receiptCount();
    const { url } = (await prepare('user', 'DOC-A-0003')).json() as { url: string };
    const tampered = url.replace(
      /sig=([A-Za-z0-9_-])/,
      (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`,
    );
    const res = await open(tampered);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('ダウンロードURLが正しくありません。');
    expect(await receiptCount()).toBe(before);
  });

  it('another customer’s document cannot be prepared', async () => {
    const res = await prepare('user', 'DOC-B-0001');
    expect(res.statusCode).toBe(403);
  });
});

describe('re-issues', () => {
  it('a re-issued PDF found at download becomes version 2 with the 再発行 mark; version 1 stays downloadable', async () => {
    const row = rows[2]!;
    await t.platform.storage.putObject('portal-10001', `Spec/${row.file_name}`, pdf('corrected'));
    // The click on the latest finds the changed file and archives it first.
    const latest = await prepare('user', 'DOC-A-0003');
    expect((await open(latest.json().url)).rawPayload).toEqual(pdf('corrected'));
    const item = await itemOf('user', 'DOC-A-0003');
    expect(item.version).toBe(2);
    expect(item.reissued_on).toBe(todayInJapan(new Date()));

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${idOf['DOC-A-0003']}/versions`,
      headers: bearer(tokens.user!),
    });
    expect(history.statusCode).toBe(200);
    expect(
      history
        .json()
        .versions.map((v: { version: number; reissued: boolean }) => [v.version, v.reissued]),
    ).toEqual([
      [1, false],
      [2, true],
    ]);

    const first = await prepare('user', 'DOC-A-0003', 1);
    const file = await open(first.json().url);
    expect(file.rawPayload).toEqual(pdf('DOC-A-0003'));
    const second = await prepare('user', 'DOC-A-0003', 2);
    expect(String((await open(second.json().url)).headers['content-disposition'])).toContain(
      encodeURIComponent('_第2版.pdf'),
    );
    const versions = await t.database.db
      .select({ version: documentVersions.version })
      .from(documentDownloads)
      .innerJoin(documentVersions, eq(documentVersions.id, documentDownloads.version_id))
      .where(eq(documentDownloads.document_id, idOf['DOC-A-0003']!))
      .orderBy(asc(documentDownloads.id));
    expect(versions.map((v) => v.version)).toEqual([2, 1, 2]);
  });

  it('a version that does not exist is 404 in Japanese', async () => {
    const res = await prepare('user', 'DOC-A-0001', 9);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('指定された版はありません。');
  });

  it('a scan after the re-issue finds nothing more', async () => {
    const counts = await archiveDocuments(
      {
        db: t.database.db,
        storage: t.platform.storage,
        archiveBucket: t.config.DOCUMENT_ARCHIVE_BUCKET,
      },
      { source: 'scan' },
    );
    expect(counts).toMatchObject({ archived: 0, reissued: 0, missing: 0 });
  });
});

describe('the zip of the filtered documents', () => {
  const zipOf = (who: string, filter: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/documents/zip',
      payload: filter,
      headers: bearer(tokens[who]!),
    });
  const zipReceipts = async () =>
    (await t.database.db.select().from(documentDownloads)).filter((r) => r.via === 'zip').length;

  it('holds the latest version of each filtered document under its date, customer, amount and number, and index.csv', async () => {
    const before = await zipReceipts();
    const prepared = await zipOf('user', { date_from: '2026-05-01', date_to: '2026-06-30' });
    expect(prepared.statusCode, prepared.body).toBe(200);
    expect(prepared.json().count).toBe(2);
    // Preparing is no download.
    expect(await zipReceipts()).toBe(before);

    const res = await open(prepared.json().url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = readZip(res.rawPayload);
    const customer = (await itemOf('user', 'DOC-A-0002')).customer_name;
    expect([...entries.keys()].sort()).toEqual(
      [
        `20260531_${customer}_55000円_DOC-A-0002.pdf`,
        `20260630_${customer}_146632円_DOC-A-0003.pdf`,
        'index.csv',
      ].sort(),
    );
    // The re-issued invoice is there as its latest version.
    expect(entries.get(`20260630_${customer}_146632円_DOC-A-0003.pdf`)).toEqual(pdf('corrected'));
    const index = entries.get('index.csv')!.toString('utf8');
    expect(index.startsWith('\ufeff')).toBe(true);
    const lines = index.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('"取引年月日","取引先","金額","番号","種類","版","ファイル名","SHA-256"');
    expect(lines[2]).toContain('"2026-06-30"');
    expect(lines[2]).toContain('"請求書","2"');
    expect(lines[2]).toMatch(/"[0-9a-f]{64}"$/);
    // Delivered whole: one receipt per document, written as the response finished.
    await expect.poll(zipReceipts).toBe(before + 2);
  });

  it('refuses another customer, and says so in Japanese when nothing matches', async () => {
    expect((await zipOf('user', { customer_code: '20001' })).statusCode).toBe(403);
    const none = await zipOf('user', { doc_no: 'NO-SUCH-NUMBER' });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('条件に合うダウンロードできる帳票はありません。');
  });
});
