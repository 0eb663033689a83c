import { RESET_MESSAGES } from '@domain/messages';
import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { useAppConfig } from '../../../lib/app-config';
import { isHttpError, requestJson } from '../../../lib/http';
import { IDENTITY_BASE_PATH } from '../../../lib/identity-client';
import { checkUserByMail } from './check-user-by-mail';

/**
 * POST /api/auth/request-password-reset: mails a link to the identity's mail address. The server
 * answers 200 for unknown addresses too, so the portal checks existence first (docs/product.md §4).
 */
export async function requestPasswordReset({ email }: { email: string }): Promise<void> {
  await requestJson(`${IDENTITY_BASE_PATH}/request-password-reset`, {
    method: 'POST',
    body: { email, redirectTo: paths.resetPassword.path },
  });
}

/** A mail address as the server accepts one: text, @, a domain with a dot, no spaces. */
export function looksLikeMailAddress(mail: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(mail);
}

/** docs/product.md §8 Reset: `checkMail` concerns the address entered, `sendFailed` everything else. */
export class PasswordResetRequestError extends Error {
  constructor(readonly reason: keyof typeof RESET_MESSAGES) {
    super(RESET_MESSAGES[reason]);
    this.name = 'PasswordResetRequestError';
  }
}

/** docs/product.md §4 Password reset: check the mail exists, send the reset mail. */
export async function sendPasswordResetMail({ mail, apiKey }: { mail: string; apiKey: string }) {
  // docs/product.md §5 and §8: empty, invalid or unknown mail all get the "check your email" message.
  if (!looksLikeMailAddress(mail)) throw new PasswordResetRequestError('checkMail');
  let exists: boolean;
  try {
    exists = await checkUserByMail({ mail, apiKey });
  } catch (error) {
    if (isHttpError(error, 400)) throw new PasswordResetRequestError('checkMail');
    throw new PasswordResetRequestError('sendFailed');
  }
  if (!exists) throw new PasswordResetRequestError('checkMail');
  try {
    await requestPasswordReset({ email: mail });
  } catch {
    throw new PasswordResetRequestError('sendFailed');
  }
}

export function useSendPasswordResetMail() {
  const { publicApiKey } = useAppConfig();
  return useMutation({
    mutationFn: (mail: string) => sendPasswordResetMail({ mail, apiKey: publicApiKey }),
  });
}
