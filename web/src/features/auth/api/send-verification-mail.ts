import { requestJson } from '../../../lib/http';
import { IDENTITY_BASE_PATH } from '../../../lib/identity-client';

/**
 * POST /api/auth/send-verification-email: the verification mail again, for a mail not yet
 * verified. The server answers the same whether the address has an account or not, and limits
 * the requests as it limits reset mails.
 */
export async function sendVerificationMail({ email }: { email: string }): Promise<void> {
  await requestJson(`${IDENTITY_BASE_PATH}/send-verification-email`, {
    method: 'POST',
    body: { email, callbackURL: '/login' },
  });
}
