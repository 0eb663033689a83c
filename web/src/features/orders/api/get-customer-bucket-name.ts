import { queryOptions } from '@tanstack/react-query';
import { customerBucketAnswerSchema } from '../../../../../domain/api/shared-files';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/spec/get-customer-bucket-name: the bucket a bulk download names. */
export async function getCustomerBucketName({
  customerCode,
  loginUserId,
}: {
  customerCode: number;
  loginUserId: number;
}): Promise<string> {
  const { customer_bucket_name } = await apiRequest({
    path: '/spec/get-customer-bucket-name',
    query: { customer_code: customerCode, login_user_id: loginUserId },
    auth: { kind: 'bearer' },
    schema: customerBucketAnswerSchema,
  });
  return customer_bucket_name;
}

export const customerBucketNameQueryOptions = (customerCode: number, userId: number) =>
  queryOptions({
    queryKey: ['customer-bucket-name', customerCode],
    queryFn: () => getCustomerBucketName({ customerCode, loginUserId: userId }),
    staleTime: 10 * 60 * 1000,
  });
