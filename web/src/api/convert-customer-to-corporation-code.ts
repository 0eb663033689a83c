import { corporateCodeAnswerSchema } from '@domain/api/spec';
import { apiRequest } from '../lib/api-client';

/** GET /api/v1/spec/convert-from-customer-code-to-coporation-code (the spec's spelling). */
export async function convertCustomerToCorporationCode({
  customerCode,
  loginUserId,
}: {
  customerCode: number;
  loginUserId: number;
}): Promise<number> {
  const { coporate_code } = await apiRequest({
    path: '/spec/convert-from-customer-code-to-coporation-code',
    query: { customer_code: customerCode, login_user_id: loginUserId },
    auth: { kind: 'bearer' },
    schema: corporateCodeAnswerSchema,
  });
  return coporate_code;
}
