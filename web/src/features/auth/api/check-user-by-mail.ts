import { mailExistsAnswerSchema } from '@domain/api/user';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/user/check-firebase-user-by-mail (pre-login, api-key): whether the mail exists. */
export async function checkUserByMail({ mail, apiKey }: { mail: string; apiKey: string }) {
  const { is_exist_mail_flag } = await apiRequest({
    method: 'POST',
    path: '/user/check-firebase-user-by-mail',
    body: { mail },
    auth: { kind: 'apiKey', apiKey },
    schema: mailExistsAnswerSchema,
  });
  return is_exist_mail_flag;
}
