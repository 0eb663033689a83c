import { SESSION_STORAGE_KEYS, type UserInfo } from '../lib/session';

export function createUserInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    accountLockDate: null,
    createdAt: '2025-01-06T09:00:00.000Z',
    customerCode: 10001,
    deleteFlag: false,
    firebaseUid: 'uid-admin',
    id: 2,
    mail: 'admin@example.com',
    updatedAt: '2025-01-06T09:00:00.000Z',
    userName: '山田 太郎',
    userTypeId: 1,
    userTypeName: '法人管理者',
    ...overrides,
  };
}

export interface SeededSession {
  identityUid?: string;
  userInfo?: Partial<UserInfo>;
  customerCodeList?: number[];
  customerName?: string;
  corporationName?: string;
}

/** Writes a signed-in session the way sign-in will (docs/product.md §3), for SessionProvider to read. */
export function seedSession({
  identityUid,
  userInfo,
  customerCodeList = [10001],
  customerName = '株式会社サンプル屋根 東京支店',
  corporationName = '株式会社サンプル屋根',
}: SeededSession = {}): UserInfo {
  const user = createUserInfo(userInfo);
  const storage = window.sessionStorage;
  storage.setItem(SESSION_STORAGE_KEYS.identityUid, identityUid ?? user.firebaseUid ?? 'uid-admin');
  storage.setItem(SESSION_STORAGE_KEYS.userInfo, JSON.stringify(user));
  storage.setItem(SESSION_STORAGE_KEYS.customerCodeList, JSON.stringify(customerCodeList));
  storage.setItem(SESSION_STORAGE_KEYS.customerName, customerName);
  storage.setItem(SESSION_STORAGE_KEYS.corporationName, corporationName);
  storage.setItem(
    SESSION_STORAGE_KEYS.corporationCustomers,
    JSON.stringify({ 10001: customerName, 10002: '株式会社サンプル屋根 大阪支店' }),
  );
  return user;
}
