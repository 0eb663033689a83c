import {
  type Account,
  type AccountNotificationsBody,
  SIGN_IN_HISTORY_LIMIT,
  type SignInHistory,
} from '../../domain/api/account';
import { browserOf } from '../../domain/user-agent';
import { forbidden } from '../errors';
import { listSignInEvents, recordAudit } from '../repositories/audit-log-repository';
import {
  type AccountMailSetting,
  inUsersTransaction,
  listAccountRows,
  setAccountMail,
} from '../repositories/users-repository';
import { mayChangeOwnNotification } from './authorization';
import type { Caller } from './caller';
import { auditActorOf, type DatabasePort } from './ports';

// The signed-in person's own account page: their name and mail, the shipment
// notification of each customer code they hold, and their latest sign-ins. Everything is the
// caller's own: the rows of the identity the token names, never a code or mail from the request.

export const NOT_YOUR_CUSTOMER_MESSAGE = 'ご自身の取引先コード以外の通知設定は変更できません。';

/** The caller's name, mail and the notification setting of each of their customer codes. */
export async function getAccount(deps: DatabasePort, caller: Caller): Promise<Account> {
  const rows = await listAccountRows(deps.db, caller.uid);
  const first = rows[0];
  return {
    user_name: first?.user_name ?? '',
    mail: first?.mail ?? caller.rows[0]!.mail,
    customers: rows.map((r) => ({
      customer_code: r.customer_code,
      customer_name: r.customer_name,
      shipment_mail: r.shipment_mail,
      invoice_mail: r.invoice_mail,
      inquiry_mail: r.inquiry_mail,
    })),
  };
}

const MAIL_SETTINGS: readonly AccountMailSetting[] = [
  'shipment_mail',
  'invoice_mail',
  'inquiry_mail',
];

/**
 * Sets the mail settings (shipment, invoice, inquiry) of customer codes the caller holds. A code the caller does not
 * hold refuses the whole request (403) before anything is written; the changes land together,
 * each recorded as a `user.update` of its row.
 */
export async function updateOwnNotifications(
  deps: DatabasePort,
  caller: Caller,
  input: AccountNotificationsBody,
): Promise<Account> {
  for (const { customer_code } of input.notifications) {
    if (mayChangeOwnNotification(caller, customer_code) !== 'allowed') {
      throw forbidden(NOT_YOUR_CUSTOMER_MESSAGE);
    }
  }
  await inUsersTransaction(deps.db, async (tx) => {
    const rows = await listAccountRows(tx, caller.uid);
    for (const notification of input.notifications) {
      const row = rows.find((r) => r.customer_code === notification.customer_code);
      // Held by the caller a moment ago but gone since (deleted by a manager): refused as above.
      if (!row) throw forbidden(NOT_YOUR_CUSTOMER_MESSAGE);
      const before: Partial<Record<AccountMailSetting, boolean>> = {};
      const after: Partial<Record<AccountMailSetting, boolean>> = {};
      for (const setting of MAIL_SETTINGS) {
        const on = notification[setting];
        if (on === undefined || row[setting] === on) continue;
        await setAccountMail(tx, row.id, setting, on);
        before[setting] = row[setting];
        after[setting] = on;
        row[setting] = on;
      }
      if (Object.keys(after).length === 0) continue;
      await recordAudit(tx, {
        ...auditActorOf(caller),
        action: 'user.update',
        entity: 'user',
        entityId: row.id,
        customerCode: row.customer_code,
        before,
        after,
      });
    }
  });
  return getAccount(deps, caller);
}

/** The latest sign-in attempts of the caller's mail, newest first. */
export async function listOwnSignIns(deps: DatabasePort, caller: Caller): Promise<SignInHistory> {
  // One identity, one mail: every row of the caller carries it.
  const events = await listSignInEvents(deps.db, caller.rows[0]!.mail, SIGN_IN_HISTORY_LIMIT);
  return {
    items: events.map((e) => {
      const after = (e.after ?? {}) as { reason?: unknown };
      const success = e.action === 'auth.sign-in';
      return {
        id: String(e.id),
        at: e.at.toISOString(),
        ip_address: e.ipAddress,
        browser: browserOf(e.userAgent),
        success,
        reason: success ? null : typeof after.reason === 'string' ? after.reason : null,
      };
    }),
  };
}
