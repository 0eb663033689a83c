import type { Transaction } from '../../db/client';
import type { Config } from '../config';
import { escapeHtml } from '../html';
import { NAME_LABEL, oneLineName } from '../identity/mail-templates';
import type { MailOutbox } from '../mail/mail-outbox';
import type { OutgoingMail } from '../mail/mail-port';
import { customerNameOf } from '../repositories/shipment-notifications-repository';
import { invoiceMailRecipients } from '../repositories/users-repository';

// 「請求書を発行しました」 mails (docs/decisions/030): when the archive takes a new version of an
// invoice's PDF — its first (発行) or a later one (再発行) — each person of the invoice's customer
// who turned these mails on (/account) gets one mail, written to the outbox in the version's
// transaction. The version is the event: an import of an unchanged file writes no version, so
// it tells nobody; a PDF that reaches the Spec folder after its invoice row is told when it is
// archived (by the daily scan or a download).

export interface InvoiceMailDeps {
  config: Pick<Config, 'WEB_TITLE' | 'publicBaseUrl' | 'SUPPORT_EMAIL'>;
  mailer: Pick<MailOutbox, 'enqueue' | 'kick'>;
}

/** The invoice version just archived. */
export interface IssuedInvoice {
  invoiceNo: string;
  customerCode: number;
  /** YYYY-MM-DD. */
  invoiceDate: string;
  amount: number;
  version: number;
}

/** In the version's transaction: one mail per recipient; answers how many. The caller kicks. */
export async function notifyInvoiceIssued(
  tx: Transaction,
  deps: InvoiceMailDeps,
  invoice: IssuedInvoice,
): Promise<number> {
  const recipients = await invoiceMailRecipients(tx, invoice.customerCode);
  if (recipients.length === 0) return 0;
  const customerName = (await customerNameOf(tx, invoice.customerCode)) ?? '';
  for (const recipient of recipients) {
    await deps.mailer.enqueue(
      tx,
      invoiceIssuedMail(deps.config, { ...invoice, customerName, ...recipient }),
      { kind: 'invoice' },
    );
  }
  return recipients.length;
}

/** The documents screen on exactly this invoice. */
export function invoiceDocumentsUrl(publicBaseUrl: string, invoice: IssuedInvoice): string {
  const query = new URLSearchParams({
    customer: String(invoice.customerCode),
    type: 'invoice',
    no: invoice.invoiceNo,
  });
  return `${publicBaseUrl}/documents?${query}`;
}

export function invoiceIssuedMail(
  config: InvoiceMailDeps['config'],
  input: IssuedInvoice & { customerName: string; mail: string; userName: string },
): OutgoingMail {
  const reissue = input.version > 1;
  const headline = reissue ? '請求書を再発行しました' : '請求書を発行しました';
  const url = invoiceDocumentsUrl(config.publicBaseUrl, input);
  const [y, m, d] = input.invoiceDate.split('-');
  const date = `${y}年${Number(m)}月${Number(d)}日`;
  const amount = `${input.amount.toLocaleString('ja-JP')}円`;
  const customer = input.customerName || String(input.customerCode);
  const facts: [string, string][] = [
    ['取引先', `${input.customerCode}: ${customer}`],
    ['請求書番号', input.invoiceNo],
    ['請求日', date],
    ['請求金額', amount],
  ];
  const text = [
    `${customer} 様`,
    '',
    reissue
      ? '請求書を再発行しました。以前にお送りした版に代わるものです。ポータルからダウンロードしてください。'
      : '請求書を発行しました。ポータルからダウンロードしてください。',
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    '帳票一覧で見る:',
    url,
    '',
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
  const html = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>${escapeHtml(config.WEB_TITLE)}</title></head>
<body style="font-family:sans-serif;color:#212529;line-height:1.6">
<p>${escapeHtml(customer)} 様</p>
<p>${escapeHtml(reissue ? '請求書を再発行しました。以前にお送りした版に代わるものです。' : '請求書を発行しました。')}ポータルからダウンロードしてください。</p>
<table style="border-collapse:collapse;font-size:14px">
${facts.map(([label, value]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p><a href="${escapeHtml(url)}">帳票一覧で見る</a></p>
<p style="font-size:12px;color:#495057">請求書発行メールが不要な場合は、<a href="${escapeHtml(`${config.publicBaseUrl}/account`)}">アカウント設定</a>で受け取らないように設定できます。</p>
<p style="font-size:12px;color:#495057">${NAME_LABEL}: ${escapeHtml(oneLineName(input.userName))}</p>
<hr>
<p style="font-size:12px;color:#495057">${escapeHtml(config.WEB_TITLE)}<br>${escapeHtml(config.publicBaseUrl)}/<br>お問い合わせ: ${escapeHtml(config.SUPPORT_EMAIL)}<br>※このメールは送信専用アドレスから送信しています。</p>
</body></html>`;
  return {
    to: input.mail,
    senderName: config.WEB_TITLE,
    subject: `【${config.WEB_TITLE}】${headline}（${input.invoiceNo}）`,
    text,
    html,
  };
}
