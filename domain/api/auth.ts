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
  .extend({ account_locked: z.boolean().optional() })
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
