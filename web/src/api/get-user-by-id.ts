import { type UserRecord, userRecordListSchema } from '@domain/api/user';
import { apiRequest } from '../lib/api-client';
import type { UserInfo } from '../lib/session';

/** docs/product.md §3: userInfo is mapped from the first item of the backend's user response. */
export function toUserInfo(record: UserRecord): UserInfo {
  return {
    accountLockDate: record.account_lock_date,
    createdAt: record.created_at,
    customerCode: record.customer_code,
    deleteFlag: record.delete_flag,
    firebaseUid: record.firebase_uid,
    id: record.id,
    mail: record.mail,
    updatedAt: record.updated_at,
    userName: record.user_name,
    userTypeId: record.user_type_id,
    userTypeName: record.user_type_name,
  };
}

/**
 * POST /api/v1/user/get-firebase-user-by-id: the identity's user records for one customer code.
 * HttpError 409 ACCOUNT_DELETED for a deleted user row.
 */
export function getUserById({
  firebaseUid,
  customerCode,
}: {
  firebaseUid: string;
  customerCode: number;
}): Promise<UserRecord[]> {
  return apiRequest({
    method: 'POST',
    path: '/user/get-firebase-user-by-id',
    body: { firebase_uid: firebaseUid, customer_code: customerCode },
    auth: { kind: 'bearer' },
    schema: userRecordListSchema,
  });
}
