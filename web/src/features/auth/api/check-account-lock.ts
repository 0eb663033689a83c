import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const checkAccountLockResponseSchema = z.object({ account_lock_flag: z.boolean() });

/** POST /api/v1/user/check-account-lock (pre-login, api-key): whether the mail is locked now. */
export async function checkAccountLock({ mail, apiKey }: { mail: string; apiKey: string }) {
  const { account_lock_flag } = await apiRequest({
    method: 'POST',
    path: '/user/check-account-lock',
    body: { mail },
    auth: { kind: 'apiKey', apiKey },
    schema: checkAccountLockResponseSchema,
  });
  return account_lock_flag;
}
