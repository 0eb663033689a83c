import { z } from 'zod';
import { apiErrorSchema } from '../api-error';
import {
  secondFactorBackupCodesSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
} from '../second-factor';

// The /api/auth calls of the portal's own sign-in (docs/decisions/003, 008, 016, 025): cookie
// sessions, not the /api/v1 bearer tokens. Fields are optional where the server answers a missing
// one with its own message (a code to type, a password to give) rather than a generic 400; a
// request may come without a body at all.

/** An /api/auth refusal: the one error shape, and whether this very failure set the lock. */
export const authErrorSchema = apiErrorSchema
  .extend({
    account_locked: z.boolean().optional(),
    /** When the account lock ends (ISO 8601), with ACCOUNT_LOCKED and with account_locked. */
    locked_until: z.string().optional(),
  })
  .meta({ id: 'AuthError' });

/** A code of the factor, or one of the backup codes (which wins when both are given). */
const codeFields = {
  code: z.string().optional(),
  backupCode: z.string().optional(),
};

/** POST /api/auth/second-factor/verify: the code after the password. */
export const verifySecondFactorBodySchema = z
  .object({ ...codeFields, trustBrowser: z.boolean().optional() })
  .nullish();
export const verifySecondFactorAnswerSchema = z.object({
  status: z.literal(true),
  backupCodeUsed: z.boolean(),
});

/**
 * POST /api/auth/second-factor/enrol: the current password, unless the session signed in less
 * than five minutes ago (docs/decisions/025).
 */
export const startSecondFactorEnrolmentBodySchema = z
  .object({
    password: z.string().optional(),
    /** true: a new secret even when one is waiting (the old one stops working). */
    new_key: z.boolean().optional(),
  })
  .nullish();
export const startSecondFactorEnrolmentAnswerSchema = secondFactorEnrolmentSchema;

/** POST /api/auth/second-factor/enrol/confirm: the first code of the new secret. */
export const confirmSecondFactorEnrolmentBodySchema = z
  .object({ code: z.string().optional() })
  .nullish();
export const confirmSecondFactorEnrolmentAnswerSchema = secondFactorBackupCodesSchema;

/** POST /api/auth/second-factor/disable: a code (or backup code), and the password as for enrol. */
export const disableSecondFactorBodySchema = z
  .object({ ...codeFields, password: z.string().optional() })
  .nullish();
export const disableSecondFactorAnswerSchema = z.object({ status: z.literal(true) });

/** GET /api/auth/second-factor: where the session and the person's factor stand. */
export const secondFactorStateAnswerSchema = secondFactorStatusSchema;

// Sign-in, password change and reset (docs/decisions/008, 011): the provider's own shapes, which
// both providers answer alike. Fields the server reads are named; the provider's other fields
// pass through unchanged.

/** POST /api/auth/sign-in/email. The mail is folded (NFKC) and normalised by the server. */
export const signInBodySchema = z
  .looseObject({ email: z.string().optional(), password: z.string().optional() })
  .nullish();
export const signInAnswerSchema = z.looseObject({
  redirect: z.boolean().optional(),
  /** The session token; absent while the session waits for its second factor. */
  token: z.string().optional(),
  user: z.looseObject({ id: z.string(), email: z.string() }).optional(),
  /** What the session waits for: the code of the person's factor, or the staff's enrolment. */
  second_factor: z.enum(['code', 'enrol']).optional(),
});

/** POST /api/auth/change-password (cookie session). */
export const changePasswordBodySchema = z
  .looseObject({ currentPassword: z.string().optional(), newPassword: z.string().optional() })
  .nullish();
export const changePasswordAnswerSchema = z.looseObject({ token: z.string().nullish() });

/** POST /api/auth/reset-password: the token of the mail's link (or ?token=) and the new password. */
export const confirmPasswordResetBodySchema = z
  .looseObject({ token: z.string().optional(), newPassword: z.string().optional() })
  .nullish();
export const confirmPasswordResetQuerySchema = z.looseObject({ token: z.string().optional() });
export const statusAnswerSchema = z.looseObject({ status: z.boolean() });

/** POST /api/auth/request-password-reset and /send-verification-email: one answer for any mail. */
export const mailRequestBodySchema = z.looseObject({ email: z.string().optional() }).nullish();
export const mailRequestAnswerSchema = z.looseObject({
  status: z.boolean(),
  message: z.string().optional(),
});
