import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from './helpers/auth';
import { createInvoice, type InvoiceCsvRow, invoiceCsv } from './helpers/invoice-factory';
import { deliveredMails } from './helpers/mail';
import { createTestApp, type TestApp } from './helpers/test-app';

// 「請求書を発行しました」 mails (docs/decisions/030): an invoice whose PDF is archived — first
// issue or re-issue — is told to the people of its customer who turned the mails on at /account;
// an import that changes nothing tells nobody.

let t: TestApp;
let staff: string;
const BUCKET = 'portal-10001';

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000' },
  });
  staff = (await signIn(t.app, 'staff@example.com')).token;
  // user@example.com turns the invoice mails on; admin@example.com (same customer) leaves them off.
  const user = (await signIn(t.app, 'user@example.com')).token;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/account/notifications',
    payload: { notifications: [{ customer_code: 10001, invoice_mail: true }] },
    headers: bearer(user),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().customers).toEqual([
    expect.objectContaining({ customer_code: 10001, invoice_mail: true, shipment_mail: true }),
  ]);
});
afterAll(async () => t?.close());

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

const importInvoices = async (rows: readonly InvoiceCsvRow[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/spec/import-invoices',
    payload: invoiceCsv(rows),
    headers: { ...bearer(staff), 'content-type': 'text/csv; charset=utf-8' },
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** The invoice mails delivered so far about one invoice number. */
const mailsAbout = async (invoiceNo: string) =>
  (await deliveredMails(t)).filter((m) => m.subject.includes(invoiceNo));

describe('invoice issued mails', () => {
  const row = createInvoice({ total_amount: '146632' });

  it('a new invoice with its PDF mails the person who opted in, not the one who did not', async () => {
    await t.platform.storage.putObject(BUCKET, `Spec/${row.file_name}`, pdf('first issue'));
    await importInvoices([row]);
    const mails = await mailsAbout(row.invoice_no);
    expect(mails.map((m) => m.to)).toEqual(['user@example.com']);
    const [mail] = mails;
    expect(mail!.subject).toBe(
      `【${t.config.WEB_TITLE}】請求書を発行しました（${row.invoice_no}）`,
    );
    expect(mail!.text).toContain('請求金額: 146,632円');
    expect(mail!.text).toContain('請求日: 2026年10月31日');
    expect(mail!.text).toContain(
      `${t.config.publicBaseUrl}/documents?customer=10001&type=invoice&no=${row.invoice_no}`,
    );
  });

  it('a re-import of the unchanged file and PDF sends nothing', async () => {
    await importInvoices([row]);
    expect(await mailsAbout(row.invoice_no)).toHaveLength(1);
  });

  it('a new version of the PDF is told as a re-issue', async () => {
    await t.platform.storage.putObject(BUCKET, `Spec/${row.file_name}`, pdf('corrected'));
    await importInvoices([row]);
    const mails = await mailsAbout(row.invoice_no);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.to).toBe('user@example.com');
    expect(mails[1]!.subject).toContain('請求書を再発行しました');
  });

  it('a person who turns the mails off again gets none for the next invoice', async () => {
    const user = (await signIn(t.app, 'user@example.com')).token;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/notifications',
      payload: { notifications: [{ customer_code: 10001, invoice_mail: false }] },
      headers: bearer(user),
    });
    expect(res.statusCode, res.body).toBe(200);
    const next = createInvoice();
    await t.platform.storage.putObject(BUCKET, `Spec/${next.file_name}`, pdf('next'));
    await importInvoices([next]);
    expect(await mailsAbout(next.invoice_no)).toEqual([]);
  });

  it('an invoice whose PDF is not in Spec yet is told when the PDF is archived, not before', async () => {
    const user = (await signIn(t.app, 'user@example.com')).token;
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/notifications',
      payload: { notifications: [{ customer_code: 10001, invoice_mail: true }] },
      headers: bearer(user),
    });
    const late = createInvoice();
    await importInvoices([late]);
    expect(await mailsAbout(late.invoice_no)).toEqual([]);
    await t.platform.storage.putObject(BUCKET, `Spec/${late.file_name}`, pdf('late'));
    await importInvoices([late]);
    expect((await mailsAbout(late.invoice_no)).map((m) => m.to)).toEqual(['user@example.com']);
  });
});
