import { corporateNameAnswerSchema } from '@domain/api/spec';
import { apiRequest } from '../lib/api-client';

/** GET /api/v1/spec/convert-from-coporation-code-to-coporation-name (the spec's spelling). */
export async function getCorporationName({
  corporateCode,
  loginUserId,
}: {
  corporateCode: number;
  loginUserId: number;
}): Promise<string> {
  const { coporate_name } = await apiRequest({
    path: '/spec/convert-from-coporation-code-to-coporation-name',
    query: { coporate_code: corporateCode, login_user_id: loginUserId },
    auth: { kind: 'bearer' },
    schema: corporateNameAnswerSchema,
  });
  return coporate_name;
}
