import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const checkUserByMailResponseSchema = z.object({ is_exist_mail_flag: z.boolean() });

/** POST /api/v1/user/check-firebase-user-by-mail (pre-login, api-key): whether the mail exists. */
export async function checkUserByMail({ mail, apiKey }: { mail: string; apiKey: string }) {
  const { is_exist_mail_flag } = await apiRequest({
    method: 'POST',
    path: '/user/check-firebase-user-by-mail',
    body: { mail },
    auth: { kind: 'apiKey', apiKey },
    schema: checkUserByMailResponseSchema,
  });
  return is_exist_mail_flag;
}
