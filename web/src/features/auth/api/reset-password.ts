import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http';
import { IDENTITY_BASE_PATH } from '../../../lib/identity-client';

/**
 * POST /api/auth/reset-password: sets the new password of the mailed token. HttpError 400
 * INVALID_TOKEN for an expired or used link, 400 PASSWORD_POLICY for a password the policy refuses.
 */
export async function resetPassword(input: { newPassword: string; token: string }): Promise<void> {
  await requestJson(`${IDENTITY_BASE_PATH}/reset-password`, { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
