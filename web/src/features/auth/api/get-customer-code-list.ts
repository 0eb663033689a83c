import { apiRequest } from '../../../lib/api-client';
import { type CorporationCustomers, corporationCustomersSchema } from '../../../lib/session';

/** GET /api/v1/spec/get-customer-code-list: the corporation's customers as code → name. */
export function getCustomerCodeList({
  corporateCode,
  loginUserId,
}: {
  corporateCode: number;
  loginUserId: number;
}): Promise<CorporationCustomers> {
  return apiRequest({
    path: '/spec/get-customer-code-list',
    query: { coporate_code: corporateCode, login_user_id: loginUserId },
    auth: { kind: 'bearer' },
    schema: corporationCustomersSchema,
  });
}
