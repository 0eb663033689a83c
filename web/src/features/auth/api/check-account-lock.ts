import { accountLockAnswerSchema } from '@domain/api/user';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/v1/user/check-account-lock (pre-login, api-key): whether the mail is locked now, and
 * until when (null when the answer does not say).
 */
export async function checkAccountLock({
  mail,
  apiKey,
}: {
  mail: string;
  apiKey: string;
}): Promise<{ locked: boolean; until: Date | null }> {
  const answer = await apiRequest({
    method: 'POST',
    path: '/user/check-account-lock',
    body: { mail },
    auth: { kind: 'apiKey', apiKey },
    schema: accountLockAnswerSchema,
  });
  return {
    locked: answer.account_lock_flag,
    until: answer.locked_until ? new Date(answer.locked_until) : null,
  };
}
