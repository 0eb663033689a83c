import { z } from 'zod';

const compatId = z.union([z.number(), z.string()]).optional();

/** PUT /api/v1/user/reset-second-factor: the user row whose person's second factor is reset. */
export const resetSecondFactorBodySchema = z.object({
  id: z.number().int().positive(),
  login_user_id: compatId,
});

/** `reset`: whether the person had a factor (false: nothing to reset, nothing changed). */
export const resetSecondFactorAnswerSchema = z.object({
  id: z.number().int(),
  reset: z.boolean(),
});
