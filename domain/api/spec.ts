import { z } from 'zod';

// Request and response shapes of the /api/v1/spec/* customer and corporation lookups (docs/product.md §7).
// "coporate" is the spec's spelling and stays, so that clients of the original contract work.

const compatId = z.union([z.coerce.number(), z.string()]).optional();

export const customerCodeQuerySchema = z.object({
  customer_code: z.coerce.number().int().positive(),
  login_user_id: compatId,
});
export const corporateCodeQuerySchema = z.object({
  coporate_code: z.coerce.number().int().positive(),
  login_user_id: compatId,
});
export const loginUserQuerySchema = z.object({ login_user_id: compatId });

export const corporateCodeAnswerSchema = z.object({ coporate_code: z.number().int() });
export const corporateNameAnswerSchema = z.object({ coporate_name: z.string() });
export const customerNameAnswerSchema = z.object({ customer_name: z.string() });
export const customerListAnswerSchema = z.array(
  z.object({ customer_code: z.number().int(), customer_name: z.string() }),
);
/** Map of customer code to customer name. */
export const customerMapAnswerSchema = z.record(z.string(), z.string());
