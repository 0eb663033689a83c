import { customerBucketAnswerSchema } from '@domain/api/shared-files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, loginUserId } from '../lib/api-client';
import { useSession } from '../lib/session';

/**
 * GET /api/v1/spec/get-customer-bucket-name: the storage bucket of one customer (403 if not
 * theirs): the shared files' folder and the bucket a bulk download of documents names.
 */
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

export const customerBucketNameQueryOptions = (customerCode: number, loginUserId: number) =>
  queryOptions({
    queryKey: ['customer-bucket-name', customerCode],
    queryFn: () => getCustomerBucketName({ customerCode, loginUserId }),
    staleTime: 10 * 60 * 1000,
  });

/** The bucket of the customer whose files are shown; null: no customer chosen yet (staff). */
export function useCustomerBucketName(customerCode: number | null) {
  const { userInfo } = useSession();
  return useQuery({
    ...customerBucketNameQueryOptions(customerCode ?? 0, loginUserId(userInfo?.id)),
    enabled: customerCode !== null,
  });
}
