import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Transaction } from '../../db/client';
import { trackingUrl } from '../../domain/carrier-tracking';
import type { Config } from '../config';
import { escapeHtml } from '../html';
import { NAME_LABEL, oneLineName } from '../identity/mail-templates';
import type { MailOutbox } from '../mail/mail-outbox';
import type { OutgoingMail } from '../mail/mail-port';
import {
  createShipmentNotification,
  customerNameOf,
  type ShipmentMailLine,
  shipmentMailRecipients,
  shipmentNotificationLinesOf,
} from '../repositories/shipment-notifications-repository';

// Shipment notification mails (docs/decisions/014): after an import, each user of a
// customer with notifications on gets one mail per customer listing the lines the import made
// shipped, with a link to the orders screen showing exactly those lines and a link that turns the
// notifications off for that user row.

/** Lines listed in one mail; a larger notification lists these and gives the count. */
export const SHIPMENT_MAIL_MAX_LINES = 50;

/** What the import needs to tell customers of their shipments. */
export interface ShipmentMailDeps {
  config: Pick<Config, 'WEB_TITLE' | 'publicBaseUrl' | 'SUPPORT_EMAIL' | 'carrierTracking'>;
  /** The server's secret: the unsubscribe links are signed with it. */
  secret: string;
  mailer: Pick<MailOutbox, 'enqueue' | 'kick'>;
}

type Tx = Transaction;

export interface ShipmentNotificationSummary {
  notifications: number;
  mails: number;
}

/**
 * In the import's transaction: a notification per customer of the lines that became shipped and
 * were never notified, and one mail per recipient written to the outbox. The caller kicks the
 * outbox once the transaction has committed.
 */
export async function notifyShipments(
  tx: Tx,
  deps: ShipmentMailDeps,
  shipped: readonly { id: number; customerCode: number }[],
): Promise<ShipmentNotificationSummary> {
  const byCustomer = new Map<number, number[]>();
  for (const line of shipped) {
    const ids = byCustomer.get(line.customerCode) ?? [];
    ids.push(line.id);
    byCustomer.set(line.customerCode, ids);
  }
  const summary: ShipmentNotificationSummary = { notifications: 0, mails: 0 };
  for (const [customerCode, ids] of [...byCustomer].sort((a, b) => a[0] - b[0])) {
    const notification = await createShipmentNotification(tx, customerCode, ids);
    if (!notification) continue;
    summary.notifications++;
    const recipients = await shipmentMailRecipients(tx, customerCode);
    if (recipients.length === 0) continue;
    const customerName = (await customerNameOf(tx, customerCode)) ?? String(customerCode);
    const lines = await shipmentNotificationLinesOf(tx, notification.id, SHIPMENT_MAIL_MAX_LINES);
    for (const recipient of recipients) {
      const mail = shipmentMail(deps, {
        to: recipient.mail,
        userId: recipient.id,
        userName: recipient.userName,
        customerCode,
        customerName,
        notificationId: notification.id,
        total: notification.lineCount,
        lines,
      });
      await deps.mailer.enqueue(tx, mail, { kind: 'shipment' });
      summary.mails++;
    }
  }
  return summary;
}

// ---------------------------------------------------------------------------------------------
// The unsubscribe link: signed for one purpose and one user row, no expiry (a mail is kept for
// years), signing nobody in. GET shows a confirmation page, POST turns the mails off
// (RFC 8058 one-click from mail clients posts to the same address).

export const UNSUBSCRIBE_PATH = '/mail/unsubscribe';
const UNSUBSCRIBE_PURPOSE = 'shipment-mail-unsubscribe:v1:';

export function unsubscribeSignature(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`${UNSUBSCRIBE_PURPOSE}${userId}`).digest('base64url');
}

/** Whether the signature is the server's for this user row (compared in constant time). */
export function isValidUnsubscribeSignature(
  secret: string,
  userId: number,
  signature: string,
): boolean {
  const expected = Buffer.from(unsubscribeSignature(secret, userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function unsubscribeUrl(publicBaseUrl: string, secret: string, userId: number): string {
  const query = new URLSearchParams({
    u: String(userId),
    s: unsubscribeSignature(secret, userId),
  });
  return `${publicBaseUrl}${UNSUBSCRIBE_PATH}?${query}`;
}

/** The orders screen on exactly a notification's lines. */
export function notificationOrdersUrl(
  publicBaseUrl: string,
  notificationId: number,
  customerCode: number,
): string {
  return `${publicBaseUrl}/orders?notification=${notificationId}&customer=${customerCode}`;
}

// ---------------------------------------------------------------------------------------------
// The mail

interface ShipmentMailInput {
  to: string;
  userId: number;
  userName: string;
  customerCode: number;
  customerName: string;
  notificationId: number;
  total: number;
  lines: ShipmentMailLine[];
}

const orDash = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '' ? '－' : value;

export function shipmentMail(deps: ShipmentMailDeps, input: ShipmentMailInput): OutgoingMail {
  const { config } = deps;
  const ordersUrl = notificationOrdersUrl(
    config.publicBaseUrl,
    input.notificationId,
    input.customerCode,
  );
  const unsubscribe = unsubscribeUrl(config.publicBaseUrl, deps.secret, input.userId);
  const listed = input.lines.length;
  const summary =
    input.total > listed
      ? `出荷された${input.total}件のうち、最初の${listed}件をお知らせします。すべての明細は下記のURLからご確認ください。`
      : `次の${input.total}件が出荷されました。`;
  const lineText = input.lines.map((line, i) => {
    const tracking = trackingUrl(
      config.carrierTracking,
      line.transportation,
      line.shipping_label_number,
    );
    return [
      `■ ${i + 1}`,
      `物件名: ${orDash(line.property_name)}`,
      `品番: ${line.item_name}`,
      `型式: ${orDash(line.model_name)}`,
      `数量: ${line.quantity}`,
      `出荷日: ${orDash(line.shipped_date)}`,
      `納品予定日: ${orDash(line.expected_delivery_date)}`,
      `運送会社: ${orDash(line.transportation)}`,
      `送り状番号: ${orDash(line.shipping_label_number)}`,
      ...(tracking ? [`配送状況: ${tracking}`] : []),
    ].join('\n');
  });
  const text = [
    `${input.customerName} 様のご注文について、出荷のお知らせです。`,
    summary,
    '',
    'ポータルで明細を見る:',
    ordersUrl,
    '',
    ...lineText.flatMap((block) => [block, '']),
    ...(input.total > listed
      ? [`ほか${input.total - listed}件はポータルでご確認ください。`, '']
      : []),
    '出荷のお知らせメールが不要な場合は、下記のURLから配信を停止できます。',
    unsubscribe,
    '',
    // The name an administrator typed: data on a labelled line, never the mail's opening words.
    `${NAME_LABEL}: ${oneLineName(input.userName)}`,
    '',
    '――――――――――――――――――――',
    config.WEB_TITLE,
    `${config.publicBaseUrl}/`,
    `お問い合わせ: ${config.SUPPORT_EMAIL}`,
    '※このメールは送信専用アドレスから送信しています。',
  ].join('\n');

  const cell = (value: string) =>
    `<td style="border:1px solid #ccc;padding:4px 8px;vertical-align:top">${value}</td>`;
  const head = ['物件名', '品番', '型式', '数量', '出荷日', '納品予定日', '運送会社', '送り状番号']
    .map(
      (h) =>
        `<th style="border:1px solid #ccc;padding:4px 8px;background:#f1f3f5;text-align:left">${h}</th>`,
    )
    .join('');
  const rows = input.lines
    .map((line) => {
      const tracking = trackingUrl(
        config.carrierTracking,
        line.transportation,
        line.shipping_label_number,
      );
      const label = escapeHtml(orDash(line.shipping_label_number));
      return `<tr>${[
        cell(escapeHtml(orDash(line.property_name))),
        cell(escapeHtml(line.item_name)),
        cell(escapeHtml(orDash(line.model_name))),
        cell(String(line.quantity)),
        cell(escapeHtml(orDash(line.shipped_date))),
        cell(escapeHtml(orDash(line.expected_delivery_date))),
        cell(escapeHtml(orDash(line.transportation))),
        cell(tracking ? `<a href="${escapeHtml(tracking)}">${label}</a>` : label),
      ].join('')}</tr>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>${escapeHtml(config.WEB_TITLE)}</title></head>
<body style="font-family:sans-serif;color:#212529;line-height:1.6">
<p>${escapeHtml(input.customerName)} 様のご注文について、出荷のお知らせです。<br>${escapeHtml(summary)}</p>
<p><a href="${escapeHtml(ordersUrl)}">ポータルで明細を見る</a></p>
<table style="border-collapse:collapse;font-size:14px">
<thead><tr>${head}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
${input.total > listed ? `<p>ほか${input.total - listed}件はポータルでご確認ください。</p>` : ''}
<p style="font-size:12px;color:#495057">出荷のお知らせメールが不要な場合は、<a href="${escapeHtml(unsubscribe)}">こちらから配信を停止</a>できます。</p>
<p style="font-size:12px;color:#495057">${NAME_LABEL}: ${escapeHtml(oneLineName(input.userName))}</p>
<hr>
<p style="font-size:12px;color:#495057">${escapeHtml(config.WEB_TITLE)}<br>${escapeHtml(config.publicBaseUrl)}/<br>お問い合わせ: ${escapeHtml(config.SUPPORT_EMAIL)}<br>※このメールは送信専用アドレスから送信しています。</p>
</body></html>`;

  return {
    to: input.to,
    senderName: config.WEB_TITLE,
    subject: `【${config.WEB_TITLE}】出荷のお知らせ（${input.total}件）`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
