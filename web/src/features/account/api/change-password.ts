import { useMutation } from '@tanstack/react-query';
import { fetchAccessToken } from '../../../lib/access-token';
import { requestJson } from '../../../lib/http';
import { IDENTITY_BASE_PATH } from '../../../lib/identity-client';

/**
 * POST /api/auth/change-password with the session cookie. HttpError 400 INVALID_PASSWORD for a
 * wrong current password (counted toward the lock; `account_locked` when it set it), 423
 * ACCOUNT_LOCKED while locked, 400 PASSWORD_POLICY for a new password the policy refuses. Every
 * other session of the account ends, and with it every access token; this one gets a new cookie,
 * from which a new access token is fetched at once.
 */
export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  await requestJson(`${IDENTITY_BASE_PATH}/change-password`, { method: 'POST', body: input });
  await fetchAccessToken().catch(() => undefined);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
