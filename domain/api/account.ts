import { z } from 'zod';

// The signed-in person's own account page: /api/v1/account. Who the account is comes
// from the verified token only; no field of these requests names a person.

export const accountCustomerSchema = z.object({
  customer_code: z.number().int(),
  customer_name: z.string(),
  /** Shipment notification mails for this customer code (on by default). */
  shipment_mail: z.boolean(),
  /** 「請求書を発行しました」 mails for this customer code (off until turned on). */
  invoice_mail: z.boolean(),
  /** Mails when staff answer or change the person's inquiries (on by default). */
  inquiry_mail: z.boolean(),
});
export type AccountCustomer = z.infer<typeof accountCustomerSchema>;

export const accountSchema = z
  .object({
    user_name: z.string(),
    mail: z.string(),
    customers: z.array(accountCustomerSchema),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

/**
 * Sets mail settings for customer codes the caller holds; any other code refuses all. An entry
 * names the settings it changes (at least one); those it leaves out stay as they are.
 */
export const accountNotificationsBodySchema = z.object({
  notifications: z
    .array(
      z
        .object({
          customer_code: z.coerce.number().int().positive(),
          shipment_mail: z.boolean().optional(),
          invoice_mail: z.boolean().optional(),
          inquiry_mail: z.boolean().optional(),
        })
        .refine(
          (n) =>
            n.shipment_mail !== undefined ||
            n.invoice_mail !== undefined ||
            n.inquiry_mail !== undefined,
          { message: '変更する通知設定を指定してください。' },
        ),
    )
    .min(1)
    .max(100),
});
export type AccountNotificationsBody = z.infer<typeof accountNotificationsBodySchema>;

/** Why a sign-in failed, as the audit log records it (server/identity/identity-events.ts). */
export const SIGN_IN_FAILURE_REASONS = [
  'wrong-password',
  'unknown-mail',
  'locked',
  'not-verified',
  'second-factor',
] as const;
export type SignInFailureReason = (typeof SIGN_IN_FAILURE_REASONS)[number];

export const signInEventSchema = z.object({
  /** The audit entry's id (a key for lists). */
  id: z.string(),
  /** ISO 8601 time of the attempt. */
  at: z.string(),
  ip_address: z.string().nullable(),
  /** A short readable name from the User-Agent, e.g. "Chrome 131 / Windows". */
  browser: z.string(),
  success: z.boolean(),
  /** Null for a success; for a failure one of SIGN_IN_FAILURE_REASONS (others may be added). */
  reason: z.string().nullable(),
});
export type SignInEvent = z.infer<typeof signInEventSchema>;

export const SIGN_IN_HISTORY_LIMIT = 20;

export const signInHistorySchema = z
  .object({ items: z.array(signInEventSchema).max(SIGN_IN_HISTORY_LIMIT) })
  .meta({ id: 'SignInHistory' });
export type SignInHistory = z.infer<typeof signInHistorySchema>;
