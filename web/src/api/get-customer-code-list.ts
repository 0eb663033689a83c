import { customerMapAnswerSchema } from '@domain/api/spec';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { convertCustomerToCorporationCode } from './convert-customer-to-corporation-code';

/** GET /api/v1/spec/get-customer-code-list: the corporation's customers as code → name. */
export function getCustomerCodeList({
  corporateCode,
  loginUserId,
}: {
  corporateCode: number;
  loginUserId: number;
}) {
  return apiRequest({
    path: '/spec/get-customer-code-list',
    query: { coporate_code: corporateCode, login_user_id: loginUserId },
    auth: { kind: 'bearer' },
    schema: customerMapAnswerSchema,
  });
}

/** The customers of the corporation the given customer code belongs to. */
export const corporationCustomersQueryOptions = (customerCode: number, loginUserId: number) =>
  queryOptions({
    queryKey: ['customer-code-list', 'corporation', customerCode],
    queryFn: async () =>
      getCustomerCodeList({
        corporateCode: await convertCustomerToCorporationCode({ customerCode, loginUserId }),
        loginUserId,
      }),
    staleTime: 10 * 60 * 1000,
  });
