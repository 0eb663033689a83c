import { z } from 'zod';

// Request and response shapes of /api/v1/user/* (docs/product.md §7), field names as the spec spells them.
// user_id / login_user_id / firebase_uid are accepted for compatibility; the server never trusts them.

const compatId = z.union([z.number(), z.string()]).optional();
export const mailBodySchema = z.object({ mail: z.string().trim().min(1).max(254) });

/**
 * The spec's answer, plus until when a lock holds (ISO 8601), only while it holds: the login
 * screen says so before signing in as the sign-in's own refusal does (docs/decisions/033).
 */
export const accountLockAnswerSchema = z.object({
  account_lock_flag: z.boolean(),
  locked_until: z.string().optional(),
});
export const mailExistsAnswerSchema = z.object({ is_exist_mail_flag: z.boolean() });

export const getAllCustomersBodySchema = z.object({ firebase_uid: z.string().optional() });
export const customerCodeListSchema = z.array(z.number().int());

export const getUserByIdBodySchema = z.object({
  firebase_uid: z.string().optional(),
  customer_code: z.coerce.number().int().positive(),
  login_user_id: compatId,
});

export const userRecordSchema = z
  .object({
    id: z.number().int(),
    mail: z.string(),
    user_name: z.string(),
    customer_code: z.number().int(),
    user_type_id: z.number().int(),
    user_type_name: z.string(),
    firebase_uid: z.string().nullable(),
    account_lock_date: z.string().nullable(),
    delete_flag: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'UserRecord' });
export type UserRecord = z.infer<typeof userRecordSchema>;
export const userRecordListSchema = z.array(userRecordSchema);

// ---- Managers page (docs/product.md §7 user administration) ----

export const getUserByCustomerBodySchema = z.object({
  /** The customers whose users to list; empty or absent = every customer the caller manages. */
  customer_code: z
    .union([z.array(z.coerce.number().int().positive()), z.coerce.number().int().positive()])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  login_user_id: compatId,
});

export const managedUserSchema = userRecordSchema
  .extend({
    customer_name: z.string(),
    /** Shipment notification mails for this row's customer code (on by default). */
    shipment_mail: z.boolean(),
  })
  .meta({ id: 'ManagedUser' });
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const getAllUserTypeBodySchema = z.object({
  user_id: compatId,
  /** "BtoB": only the types a customer's users may hold (docs/product.md §6). */
  user_group: z.string().optional(),
});
export const userTypeListSchema = z.array(
  z.object({ id: z.number().int(), user_type_name: z.string(), user_group: z.string() }),
);

export const saveUserBodySchema = z.object({
  id: z.number().int().positive().nullish(),
  customer_code: z.coerce.number().int(),
  customer_name: z.string().nullish(),
  mail: z.string().max(254),
  user_name: z.string().max(200),
  user_type_id: z.coerce.number().int(),
  login_user_id: compatId,
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export const updateUserBodySchema = saveUserBodySchema.extend({
  id: z.number().int().positive(),
  /** The row's shipment notification; absent leaves it as it is. */
  shipment_mail: z.boolean().optional(),
});

export const savedUserSchema = managedUserSchema.extend({
  /** true when the mail was new: an identity was created and an invitation mail sent. */
  is_new_account: z.boolean(),
  /** false when the invitation mail could not be sent (the user may use the reset mail). */
  invitation_sent: z.boolean(),
});

export const deleteUserBodySchema = z.object({
  id: z.number().int().positive(),
  login_user_id: compatId,
});
export const deletedUserSchema = z.object({ id: z.number().int(), delete_flag: z.literal(true) });

// ---- Sign-in state of the managers page's people ----

/**
 * Where a person stands with signing in: `invited` has no sign-in recorded yet (the invitation not
 * yet used), `locked` is under the account lock until `locked_until`, `active` otherwise.
 */
export const signInStateSchema = z.enum(['invited', 'active', 'locked']);
export type SignInState = z.infer<typeof signInStateSchema>;

/** A row of the managers page's list: the user row with its person's sign-in state. */
export const managedUserWithStateSchema = managedUserSchema
  .extend({
    sign_in_state: signInStateSchema,
    /** ISO time the account lock ends; null when no lock holds. */
    locked_until: z.string().nullable(),
    /** ISO time of the newest sign-in the audit log holds; null when none. */
    last_sign_in_at: z.string().nullable(),
  })
  .meta({ id: 'ManagedUserWithState' });
export type ManagedUserWithState = z.infer<typeof managedUserWithStateSchema>;

export const userActionBodySchema = z.object({
  id: z.number().int().positive(),
  login_user_id: compatId,
});

/** `sent`: the invitation mail was written to the outbox. */
export const resentInvitationSchema = z.object({ id: z.number().int(), sent: z.literal(true) });

/** `lifted`: a lock held and was lifted (false: none held, nothing changed). */
export const liftedLockSchema = z.object({ id: z.number().int(), lifted: z.boolean() });
