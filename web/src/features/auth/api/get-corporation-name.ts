import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const responseSchema = z.object({ coporate_name: z.string() });

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
    schema: responseSchema,
  });
  return coporate_name;
}
