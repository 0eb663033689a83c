import { z } from 'zod';
import { HttpError, requestJson } from '../../../lib/http';
import { IDENTITY_BASE_PATH } from '../../../lib/identity-client';

const signInResponseSchema = z.object({
  token: z.string().optional(),
  user: z.object({ id: z.string(), email: z.string() }),
  /** The session waits for a second factor: its code, or the staff enrolment. */
  second_factor: z.enum(['code', 'enrol']).optional(),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/**
 * POST /api/auth/sign-in/email: sets the session cookie. Fails with HttpError 401
 * INVALID_EMAIL_OR_PASSWORD (body.account_locked when this failure locked the account), 423
 * ACCOUNT_LOCKED, 403 EMAIL_NOT_VERIFIED or 429 TOO_MANY_REQUESTS.
 */
export async function signInEmail(input: { email: string; password: string }) {
  const data = await requestJson(`${IDENTITY_BASE_PATH}/sign-in/email`, {
    method: 'POST',
    body: input,
  });
  const parsed = signInResponseSchema.safeParse(data);
  if (!parsed.success) throw new HttpError(0, 'INVALID_RESPONSE', data);
  return parsed.data;
}
