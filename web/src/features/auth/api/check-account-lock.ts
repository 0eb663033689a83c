import { accountLockAnswerSchema } from '@domain/api/user';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/user/check-account-lock (pre-login, api-key): whether the mail is locked now. */
export async function checkAccountLock({ mail, apiKey }: { mail: string; apiKey: string }) {
  const { account_lock_flag } = await apiRequest({
    method: 'POST',
    path: '/user/check-account-lock',
    body: { mail },
    auth: { kind: 'apiKey', apiKey },
    schema: accountLockAnswerSchema,
  });
  return account_lock_flag;
}
