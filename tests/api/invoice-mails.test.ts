import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceMailsPending } from '../../db/schema';
import { archiveDocuments } from '../../server/services/document-archive';
import { INVOICES_LISTED } from '../../server/services/invoice-mails';
import { bearer, signIn } from './helpers/auth';
import { createInvoice, type InvoiceCsvRow, invoiceCsv } from './helpers/invoice-factory';
import { deliveredMails } from './helpers/mail';
import { createTestApp, type TestApp } from './helpers/test-app';

// 「請求書を発行しました」 mails (docs/decisions/030): an invoice whose PDF is archived — first
// issue or re-issue — is told to the people of its customer who have not turned the mails off at
// /account (on by default), one mail per person per import listing the invoices; an import that
// changes nothing tells nobody.

let t: TestApp;
let staff: string;
const BUCKET = 'portal-10001';
/** The people of customer 10001 whose invoice mails are on: all of its people but admin@. */
const TOLD = ['multi@example.com', 'unverified@example.com', 'user@example.com'];

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000' },
  });
  staff = (await signIn(t.app, 'staff@example.com')).token;
  // The mails are on for everybody until they turn them off: admin@example.com does.
  const admin = (await signIn(t.app, 'admin@example.com')).token;
  const before = await t.app.inject({
    method: 'GET',
    url: '/api/v1/account',
    headers: bearer(admin),
  });
  expect(before.json().customers).toEqual([
    expect.objectContaining({ customer_code: 10001, invoice_mail: true }),
  ]);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/account/notifications',
    payload: { notifications: [{ customer_code: 10001, invoice_mail: false }] },
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().customers).toEqual([
    expect.objectContaining({ customer_code: 10001, invoice_mail: false, shipment_mail: true }),
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

const setInvoiceMail = async (mail: string, customerCode: number, on: boolean) => {
  const token = (await signIn(t.app, mail)).token;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/account/notifications',
    payload: { notifications: [{ customer_code: customerCode, invoice_mail: on }] },
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** The invoice mails delivered so far that name one invoice number. */
const mailsAbout = async (invoiceNo: string) =>
  (await deliveredMails(t)).filter((m) => m.text.includes(`請求書番号 ${invoiceNo}　`));

const recipients = (mails: readonly { to: string }[]) => mails.map((m) => m.to).sort();
const mailTo = <M extends { to: string }>(mails: readonly M[], to: string) =>
  mails.filter((m) => m.to === to);

/** The invoice lines of a mail's text. */
const listedIn = (text: string) => text.split('\n').filter((l) => l.startsWith('・請求書番号 '));

describe('invoice issued mails', () => {
  const row = createInvoice({ total_amount: '146632' });

  it('a new invoice with its PDF mails each person of its customer, but the one who turned the mails off', async () => {
    await t.platform.storage.putObject(BUCKET, `Spec/${row.file_name}`, pdf('first issue'));
    await importInvoices([row]);
    const mails = await mailsAbout(row.invoice_no);
    expect(recipients(mails)).toEqual(TOLD);
    const [mail] = mailTo(mails, 'user@example.com');
    expect(mail!.subject).toBe(
      `【${t.config.WEB_TITLE}】請求書を発行しました（${row.invoice_no}）`,
    );
    expect(mail!.text).toContain('株式会社東和ルーフ 本社 様');
    expect(mail!.text).toContain('取引先: 10001: 株式会社東和ルーフ 本社');
    expect(listedIn(mail!.text)).toEqual([
      `・請求書番号 ${row.invoice_no}　請求日 2026年10月31日　請求金額 146,632円`,
    ]);
    expect(mail!.text).not.toContain('再発行');
    expect(mail!.text).toContain(
      `${t.config.publicBaseUrl}/documents?customer=10001&type=invoice&no=${row.invoice_no}`,
    );
    expect(mail!.html).toContain(
      `<td style="text-align:left;padding:2px 12px 2px 0">${row.invoice_no}</td>`,
    );
  });

  it('a re-import of the unchanged file and PDF sends nothing', async () => {
    await importInvoices([row]);
    expect(await mailsAbout(row.invoice_no)).toHaveLength(TOLD.length);
  });

  it('a new version of the PDF is told as a re-issue', async () => {
    await t.platform.storage.putObject(BUCKET, `Spec/${row.file_name}`, pdf('corrected'));
    await importInvoices([row]);
    const mails = mailTo(await mailsAbout(row.invoice_no), 'user@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(
      `【${t.config.WEB_TITLE}】請求書を再発行しました（${row.invoice_no}）`,
    );
    expect(listedIn(mails[1]!.text)).toEqual([
      `・請求書番号 ${row.invoice_no}　請求日 2026年10月31日　請求金額 146,632円　再発行`,
    ]);
    expect(mails[1]!.text).toContain('以前にお送りした版に代わるものです');
  });

  it('a person who turns the mails off again gets none for the next invoice', async () => {
    await setInvoiceMail('user@example.com', 10001, false);
    const next = createInvoice();
    await t.platform.storage.putObject(BUCKET, `Spec/${next.file_name}`, pdf('next'));
    await importInvoices([next]);
    expect(recipients(await mailsAbout(next.invoice_no))).toEqual(
      TOLD.filter((m) => m !== 'user@example.com'),
    );
  });

  it('an invoice whose PDF is not in Spec yet is told when the PDF is archived, not before', async () => {
    await setInvoiceMail('user@example.com', 10001, true);
    const late = createInvoice();
    await importInvoices([late]);
    expect(await mailsAbout(late.invoice_no)).toEqual([]);
    await t.platform.storage.putObject(BUCKET, `Spec/${late.file_name}`, pdf('late'));
    await importInvoices([late]);
    expect(recipients(await mailsAbout(late.invoice_no))).toEqual(TOLD);
  });

  it('an import of several invoices sends each person one mail listing them, re-issues marked', async () => {
    const before = (await deliveredMails(t)).length;
    const fresh = [
      createInvoice({ invoice_date: '2026-11-20' }),
      createInvoice({ invoice_date: '2026-11-05', total_amount: '146632' }),
    ];
    for (const invoice of fresh) {
      await t.platform.storage.putObject(
        BUCKET,
        `Spec/${invoice.file_name}`,
        pdf(invoice.invoice_no),
      );
    }
    // The first invoice's PDF again, changed: its third version.
    await t.platform.storage.putObject(BUCKET, `Spec/${row.file_name}`, pdf('corrected again'));
    await importInvoices([row, ...fresh]);
    const mails = (await deliveredMails(t)).slice(before);
    expect(recipients(mails)).toEqual(TOLD);
    const [mail] = mailTo(mails, 'user@example.com');
    expect(mail!.subject).toBe(`【${t.config.WEB_TITLE}】請求書を発行しました（3件）`);
    expect(mail!.text).toContain('請求書を発行しました（3件）。');
    // By date, then number.
    expect(listedIn(mail!.text)).toEqual([
      `・請求書番号 ${row.invoice_no}　請求日 2026年10月31日　請求金額 146,632円　再発行`,
      `・請求書番号 ${fresh[1]!.invoice_no}　請求日 2026年11月5日　請求金額 146,632円`,
      `・請求書番号 ${fresh[0]!.invoice_no}　請求日 2026年11月20日　請求金額 146,632円`,
    ]);
    expect(mail!.text).toContain('「再発行」とある請求書は、以前にお送りした版に代わるものです。');
    expect(mail!.text).toContain(
      `${t.config.publicBaseUrl}/documents?customer=10001&type=invoice&from=2026-10-31&to=2026-11-20`,
    );
  });

  it('an import larger than a page of the archive run sends one mail, listing the first invoices and counting the rest', async () => {
    // The archive appends 500 documents a transaction; the mail waits for the whole import.
    const before = (await deliveredMails(t)).length;
    const many = Array.from({ length: 520 }, () => createInvoice());
    for (const invoice of many) {
      await t.platform.storage.putObject(
        BUCKET,
        `Spec/${invoice.file_name}`,
        pdf(invoice.invoice_no),
      );
    }
    await importInvoices(many);
    const mails = (await deliveredMails(t)).slice(before);
    expect(recipients(mails)).toEqual(TOLD);
    const [mail] = mailTo(mails, 'user@example.com');
    expect(mail!.subject).toBe(`【${t.config.WEB_TITLE}】請求書を発行しました（520件）`);
    expect(listedIn(mail!.text)).toHaveLength(INVOICES_LISTED);
    expect(listedIn(mail!.text)[0]).toContain(many[0]!.invoice_no);
    expect(mail!.text).toContain(`・ほか ${520 - INVOICES_LISTED}件（帳票一覧でご覧ください）`);
  });

  it('a person with rows for two customers gets one mail with a section for each', async () => {
    const before = (await deliveredMails(t)).length;
    const first = createInvoice();
    const second = createInvoice({ customer_code: '10002' });
    await t.platform.storage.putObject(BUCKET, `Spec/${first.file_name}`, pdf('first'));
    await t.platform.storage.putObject('portal-10002', `Spec/${second.file_name}`, pdf('second'));
    await importInvoices([first, second]);
    const mails = (await deliveredMails(t)).slice(before);
    expect(recipients(mails)).toEqual(TOLD);
    const multi = mails.find((m) => m.to === 'multi@example.com')!;
    expect(multi.subject).toBe(`【${t.config.WEB_TITLE}】請求書を発行しました（2件）`);
    expect(multi.text).toMatch(/^高橋 誠 様\n/);
    const sections = multi.text.split('取引先: ').slice(1);
    expect(sections).toHaveLength(2);
    expect(sections[0]).toMatch(/^10001: .*\n・請求書番号 INV-T-\d+/);
    expect(sections[0]).toContain(first.invoice_no);
    expect(sections[1]).toMatch(/^10002: /);
    expect(sections[1]).toContain(second.invoice_no);
    // user@example.com holds only 10001: the other customer's invoice is not theirs to see.
    const user = mails.find((m) => m.to === 'user@example.com')!;
    expect(listedIn(user.text)).toHaveLength(1);
    expect(user.text).not.toContain(second.invoice_no);
  });

  it('a run stopped before its mails leaves the invoices queued, and the daily scan mails them', async () => {
    const late = createInvoice();
    await importInvoices([late]);
    await t.platform.storage.putObject(BUCKET, `Spec/${late.file_name}`, pdf('queued'));
    const ports = {
      db: t.database.db,
      storage: t.platform.storage,
      archiveBucket: t.config.DOCUMENT_ARCHIVE_BUCKET,
    };
    const failing = {
      config: t.config,
      mailer: {
        enqueue: async () => {
          throw new Error('the outbox is away');
        },
        kick: () => {},
      },
    };
    await expect(
      archiveDocuments({ ...ports, invoiceMails: failing }, { source: 'download' }),
    ).rejects.toThrow('the outbox is away');
    // The version is written and its mail still queued.
    expect(await t.database.db.select().from(invoiceMailsPending)).toHaveLength(1);
    expect(await mailsAbout(late.invoice_no)).toEqual([]);

    const mailer = { config: t.config, mailer: t.platform.mailer };
    await archiveDocuments({ ...ports, invoiceMails: mailer }, { source: 'scan' });
    expect(recipients(await mailsAbout(late.invoice_no))).toEqual(TOLD);
    expect(await t.database.db.select().from(invoiceMailsPending)).toEqual([]);
  });
});
