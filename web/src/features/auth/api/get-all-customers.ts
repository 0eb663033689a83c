import { customerCodeListSchema } from '@domain/api/user';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/v1/user/get-all-customers: the customer codes of the identity (every code when it holds
 * 99999, docs/product.md §6). HttpError 409 ACCOUNT_DELETED when all its user rows are deleted.
 */
export function getAllCustomers({ firebaseUid }: { firebaseUid: string }): Promise<number[]> {
  return apiRequest({
    method: 'POST',
    path: '/user/get-all-customers',
    body: { firebase_uid: firebaseUid },
    auth: { kind: 'bearer' },
    schema: customerCodeListSchema,
  });
}
