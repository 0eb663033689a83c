import { z } from 'zod';

// The signed-in person's own account page: /api/v1/account. Who the account is comes
// from the verified token only; no field of these requests names a person.

export const accountCustomerSchema = z.object({
  customer_code: z.number().int(),
  customer_name: z.string(),
  /** Shipment notification mails for this customer code (on by default). */
  shipment_mail: z.boolean(),
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

/** Sets shipment notifications for customer codes the caller holds; any other code refuses all. */
export const accountNotificationsBodySchema = z.object({
  notifications: z
    .array(
      z.object({
        customer_code: z.coerce.number().int().positive(),
        shipment_mail: z.boolean(),
      }),
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
