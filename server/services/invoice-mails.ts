import type { Database } from '../../db/client';
import type { Config } from '../config';
import { escapeHtml } from '../html';
import { NAME_LABEL, oneLineName } from '../identity/mail-templates';
import type { MailOutbox } from '../mail/mail-outbox';
import type { OutgoingMail } from '../mail/mail-port';
import {
  type PendingInvoiceMail,
  takePendingInvoiceMails,
} from '../repositories/invoice-mails-repository';
import { invoiceMailRecipients } from '../repositories/users-repository';

// 「請求書を発行しました」 mails (docs/decisions/030): when the archive takes a new version of an
// invoice's PDF — its first (発行) or a later one (再発行) — the version is queued for its mail in
// the version's transaction. At the end of the archive run (an import, the daily scan, a
// download) the queued versions are taken and each person of their customers who turned these
// mails on (/account) gets one mail listing them, written to the outbox in one transaction. An
// import of an unchanged file writes no version, so it tells nobody; a PDF that reaches the Spec
// folder after its invoice row is told when it is archived.

export interface InvoiceMailDeps {
  config: Pick<Config, 'WEB_TITLE' | 'publicBaseUrl' | 'SUPPORT_EMAIL'>;
  mailer: Pick<MailOutbox, 'enqueue' | 'kick'>;
}

/** One customer's invoices in a person's mail. */
export interface CustomerInvoices {
  customerCode: number;
  customerName: string;
  /** By date and number. */
  invoices: PendingInvoiceMail[];
}

/** The invoices a mail lists before it says how many more there are (the screen lists them all). */
export const INVOICES_LISTED = 100;

/**
 * Writes the mails of every queued invoice version: one per person (mail address) with the
 * invoices of all their customers, in one transaction with the taking of the queue; answers how
 * many mails were written, and wakes the outbox when there are any.
 */
export async function sendIssuedInvoiceMails(db: Database, deps: InvoiceMailDeps): Promise<number> {
  const written = await db.transaction(async (tx) => {
    const invoices = await takePendingInvoiceMails(tx);
    if (invoices.length === 0) return 0;
    const byCustomer = new Map<number, CustomerInvoices>();
    for (const invoice of invoices) {
      const section = byCustomer.get(invoice.customerCode) ?? {
        customerCode: invoice.customerCode,
        customerName: invoice.customerName,
        invoices: [],
      };
      section.invoices.push(invoice);
      byCustomer.set(invoice.customerCode, section);
    }
    const people = new Map<string, { userName: string; customers: Set<number> }>();
    for (const row of await invoiceMailRecipients(tx, [...byCustomer.keys()])) {
      const person = people.get(row.mail) ?? { userName: row.userName, customers: new Set() };
      person.customers.add(row.customerCode);
      people.set(row.mail, person);
    }
    for (const [mail, person] of people) {
      const customers = [...byCustomer.values()].filter((c) =>
        person.customers.has(c.customerCode),
      );
      await deps.mailer.enqueue(
        tx,
        invoicesIssuedMail(deps.config, { mail, userName: person.userName, customers }),
        { kind: 'invoice' },
      );
    }
    return people.size;
  });
  if (written > 0) deps.mailer.kick();
  return written;
}

/**
 * The documents screen on a customer's listed invoices: the one invoice, or the customer's
 * invoices over the listed ones' dates.
 */
export function invoiceDocumentsUrl(publicBaseUrl: string, customer: CustomerInvoices): string {
  const query = new URLSearchParams({ customer: String(customer.customerCode), type: 'invoice' });
  const [first] = customer.invoices;
  if (customer.invoices.length === 1) {
    query.set('no', first!.invoiceNo);
  } else {
    query.set('from', first!.invoiceDate);
    query.set('to', customer.invoices.at(-1)!.invoiceDate);
  }
  return `${publicBaseUrl}/documents?${query}`;
}

const japaneseDate = (isoDate: string) => {
  const [y, m, d] = isoDate.split('-');
  return `${y}年${Number(m)}月${Number(d)}日`;
};
const yen = (amount: number) => `${amount.toLocaleString('ja-JP')}円`;
const customerLabel = (c: CustomerInvoices) =>
  `${c.customerCode}: ${c.customerName || String(c.customerCode)}`;

/** The mail to one person: their customers' new invoices, at most INVOICES_LISTED of them listed. */
export function invoicesIssuedMail(
  config: InvoiceMailDeps['config'],
  input: { mail: string; userName: string; customers: readonly CustomerInvoices[] },
): OutgoingMail {
  const all = input.customers.flatMap((c) => c.invoices);
  const reissues = all.filter((invoice) => invoice.version > 1).length;
  const headline = reissues === all.length ? '請求書を再発行しました' : '請求書を発行しました';
  const subjectTail = all.length === 1 ? all[0]!.invoiceNo : `${all.length}件`;
  // One customer: the mail is to the customer, as every mail of the portal; several (the branches
  // of one company): to the person.
  const greeting =
    input.customers.length === 1
      ? `${input.customers[0]!.customerName || input.customers[0]!.customerCode} 様`
      : `${oneLineName(input.userName)} 様`;
  const lead = `${headline}${all.length === 1 ? '' : `（${all.length}件）`}。ポータルからダウンロードしてください。`;
  const reissueNote =
    reissues > 0 ? '「再発行」とある請求書は、以前にお送りした版に代わるものです。' : null;

  let room = INVOICES_LISTED;
  const sections = input.customers.map((customer) => {
    const listed = customer.invoices.slice(0, Math.max(room, 0));
    room -= listed.length;
    return {
      customer,
      listed,
      more: customer.invoices.length - listed.length,
      url: invoiceDocumentsUrl(config.publicBaseUrl, customer),
    };
  });
  const line = (invoice: PendingInvoiceMail) =>
    `・請求書番号 ${invoice.invoiceNo}　請求日 ${japaneseDate(invoice.invoiceDate)}　請求金額 ${yen(invoice.amount)}${invoice.version > 1 ? '　再発行' : ''}`;
  const moreText = (more: number) =>
    `・ほか ${more.toLocaleString('ja-JP')}件（帳票一覧でご覧ください）`;

  const text = [
    greeting,
    '',
    lead,
    ...(reissueNote ? [reissueNote] : []),
    '',
    ...sections.flatMap((s) => [
      `取引先: ${customerLabel(s.customer)}`,
      ...s.listed.map(line),
      ...(s.more > 0 ? [moreText(s.more)] : []),
      '帳票一覧で見る:',
      s.url,
      '',
    ]),
    '請求書発行メールが不要な場合は、ポータルのアカウント設定で受け取らないように設定できます。',
    `${config.publicBaseUrl}/account`,
    '',
    `${NAME_LABEL}: ${oneLineName(input.userName)}`,
    '',
    '――――――――――――――――――――',
    config.WEB_TITLE,
    `${config.publicBaseUrl}/`,
    `お問い合わせ: ${config.SUPPORT_EMAIL}`,
    '※このメールは送信専用アドレスから送信しています。',
  ].join('\n');

  const cell = 'style="text-align:left;padding:2px 12px 2px 0"';
  const amountCell = 'style="text-align:right;padding:2px 12px 2px 0"';
  const htmlSections = sections
    .map(
      (s) => `<p style="margin-bottom:4px">取引先: ${escapeHtml(customerLabel(s.customer))}</p>
<table style="border-collapse:collapse;font-size:14px">
<tr><th ${cell}>請求書番号</th><th ${cell}>請求日</th><th ${amountCell}>請求金額</th><th ${cell}></th></tr>
${s.listed
  .map(
    (invoice) =>
      `<tr><td ${cell}>${escapeHtml(invoice.invoiceNo)}</td><td ${cell}>${japaneseDate(invoice.invoiceDate)}</td><td ${amountCell}>${yen(invoice.amount)}</td><td ${cell}>${invoice.version > 1 ? '再発行' : ''}</td></tr>`,
  )
  .join('\n')}
</table>
${s.more > 0 ? `<p style="margin:4px 0">ほか ${s.more.toLocaleString('ja-JP')}件（帳票一覧でご覧ください）</p>\n` : ''}<p><a href="${escapeHtml(s.url)}">帳票一覧で見る</a></p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>${escapeHtml(config.WEB_TITLE)}</title></head>
<body style="font-family:sans-serif;color:#212529;line-height:1.6">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}${reissueNote ? `<br>${escapeHtml(reissueNote)}` : ''}</p>
${htmlSections}
<p style="font-size:12px;color:#495057">請求書発行メールが不要な場合は、<a href="${escapeHtml(`${config.publicBaseUrl}/account`)}">アカウント設定</a>で受け取らないように設定できます。</p>
<p style="font-size:12px;color:#495057">${NAME_LABEL}: ${escapeHtml(oneLineName(input.userName))}</p>
<hr>
<p style="font-size:12px;color:#495057">${escapeHtml(config.WEB_TITLE)}<br>${escapeHtml(config.publicBaseUrl)}/<br>お問い合わせ: ${escapeHtml(config.SUPPORT_EMAIL)}<br>※このメールは送信専用アドレスから送信しています。</p>
</body></html>`;
  return {
    to: input.mail,
    senderName: config.WEB_TITLE,
    subject: `【${config.WEB_TITLE}】${headline}（${subjectTail}）`,
    text,
    html,
  };
}
