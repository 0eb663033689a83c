import { STORAGE_KEYS } from '@domain/constants';

// The signed-in session as this tab stores it (sessionStorage) and as another tab hands it over.
// Checked by hand, not with zod: this code is in every screen's first load, the login screen's
// too, and zod would add 25 KB gzip to it (decision 013, size budgets).

/** The user record kept in browser storage under `userInfo` (docs/product.md §3, Login session). */
export interface UserInfo {
  accountLockDate: string | null;
  createdAt: string;
  customerCode: number;
  deleteFlag: boolean;
  firebaseUid: string | null;
  id: number;
  mail: string;
  updatedAt: string;
  userName: string;
  userTypeId: number;
  userTypeName: string;
}

/** The signed-in corporation's customers, code → name, as get-customer-code-list answers. */
export type CorporationCustomers = Record<string, string>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The user record's fields and their kinds, as stored. */
const USER_INFO_FIELDS: Record<keyof UserInfo, 'string' | 'string|null' | 'integer' | 'boolean'> = {
  accountLockDate: 'string|null',
  createdAt: 'string',
  customerCode: 'integer',
  deleteFlag: 'boolean',
  firebaseUid: 'string|null',
  id: 'integer',
  mail: 'string',
  updatedAt: 'string',
  userName: 'string',
  userTypeId: 'integer',
  userTypeName: 'string',
};

function hasKind(value: unknown, kind: (typeof USER_INFO_FIELDS)[keyof UserInfo]): boolean {
  if (kind === 'integer') return Number.isInteger(value);
  if (kind === 'string|null') return value === null || isString(value);
  return typeof value === kind;
}

/** A stored user record of this shape, with its fields only (a stored copy may carry more), or null. */
export function userInfoOf(value: unknown): UserInfo | null {
  if (!isRecord(value)) return null;
  const fields = Object.entries(USER_INFO_FIELDS);
  if (!fields.every(([key, kind]) => hasKind(value[key], kind))) return null;
  return Object.fromEntries(fields.map(([key]) => [key, value[key]])) as unknown as UserInfo;
}

/** A list of whole customer codes. */
export function isCustomerCodeList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((code) => Number.isInteger(code));
}

export function isCorporationCustomers(value: unknown): value is CorporationCustomers {
  return isRecord(value) && Object.values(value).every(isString);
}

/**
 * sessionStorage keys of the signed-in session. sessionStorage, not localStorage: the session is
 * tab-scoped, so a reload keeps it and closing the tab or window ends it (docs/product.md §4, page unload).
 */
export const SESSION_STORAGE_KEYS = {
  ...STORAGE_KEYS,
  customerName: 'customerName',
  corporationName: 'corporationName',
  corporationCustomers: 'corporationCustomers',
  /** The identity provider's uid, needed on the tenant screen before a user record exists. */
  identityUid: 'identityUid',
} as const;

/**
 * docs/product.md §4 Login state: `loading` until the identity provider has answered; `identityOnly` is
 * signed in with the identity provider but without a user record (route class "tenant").
 */
export type SessionStatus = 'loading' | 'signedOut' | 'identityOnly' | 'signedIn';

export interface SessionData {
  status: SessionStatus;
  identityUid: string | null;
  userInfo: UserInfo | null;
  customerCodeList: number[];
  customerName: string;
  corporationName: string;
  corporationCustomers: CorporationCustomers;
}

export interface SignedInData {
  identityUid: string;
  userInfo: UserInfo;
  customerCodeList: number[];
  customerName: string;
  corporationName: string;
  corporationCustomers: CorporationCustomers;
}

/** A message the login screen shows on arrival (session signOutNotice or navigation state). */
export interface LoginNotice {
  kind: 'error' | 'success' | 'info';
  /** One paragraph each. */
  lines: string[];
}

export function readLoginNotice(state: unknown): LoginNotice | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const { notice } = state as { notice: unknown };
  if (!isRecord(notice)) return null;
  const { kind, lines } = notice;
  if (kind !== 'error' && kind !== 'success' && kind !== 'info') return null;
  if (!Array.isArray(lines) || !lines.every(isString)) return null;
  return { kind, lines: [...lines] };
}

export const INACTIVITY_NOTICE: LoginNotice = {
  kind: 'info',
  lines: ['一定時間操作がなかったため、ログアウトしました。再度ログインしてください。'],
};

export const SIGNED_OUT: SessionData = {
  status: 'signedOut',
  identityUid: null,
  userInfo: null,
  customerCodeList: [],
  customerName: '',
  corporationName: '',
  corporationCustomers: {},
};

function readJson(storage: Pick<Storage, 'getItem'>, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** What this tab has stored; `signedIn` and `identityOnly` still need the identity's confirmation. */
export function readStoredSession(
  storage: Pick<Storage, 'getItem'> = window.sessionStorage,
): SessionData {
  const identityUid = storage.getItem(SESSION_STORAGE_KEYS.identityUid);
  const userInfo = userInfoOf(readJson(storage, SESSION_STORAGE_KEYS.userInfo));
  const codes = readJson(storage, SESSION_STORAGE_KEYS.customerCodeList);
  const customerCodeList = isCustomerCodeList(codes) ? codes : [];
  if (userInfo) {
    const customers = readJson(storage, SESSION_STORAGE_KEYS.corporationCustomers);
    return {
      status: 'signedIn',
      identityUid: identityUid ?? userInfo.firebaseUid,
      userInfo,
      customerCodeList,
      customerName: storage.getItem(SESSION_STORAGE_KEYS.customerName) ?? '',
      corporationName: storage.getItem(SESSION_STORAGE_KEYS.corporationName) ?? '',
      corporationCustomers: isCorporationCustomers(customers) ? customers : {},
    };
  }
  if (identityUid && customerCodeList.length > 0) {
    return { ...SIGNED_OUT, status: 'identityOnly', identityUid, customerCodeList };
  }
  return SIGNED_OUT;
}

export function clearStoredSession(storage: Storage = window.sessionStorage): void {
  for (const key of Object.values(SESSION_STORAGE_KEYS)) storage.removeItem(key);
}

export function writeStoredSession(
  data: SessionData,
  storage: Storage = window.sessionStorage,
): void {
  clearStoredSession(storage);
  if (data.identityUid) storage.setItem(SESSION_STORAGE_KEYS.identityUid, data.identityUid);
  storage.setItem(SESSION_STORAGE_KEYS.customerCodeList, JSON.stringify(data.customerCodeList));
  if (!data.userInfo) return;
  storage.setItem(SESSION_STORAGE_KEYS.userInfo, JSON.stringify(data.userInfo));
  storage.setItem(SESSION_STORAGE_KEYS.customerName, data.customerName);
  storage.setItem(SESSION_STORAGE_KEYS.corporationName, data.corporationName);
  storage.setItem(
    SESSION_STORAGE_KEYS.corporationCustomers,
    JSON.stringify(data.corporationCustomers),
  );
}

/** Another tab's session as this tab would store it; SIGNED_OUT when it is not one. */
export function sessionOfOtherTab(sent: unknown): SessionData {
  if (typeof sent !== 'object' || sent === null) return SIGNED_OUT;
  const entries = sent as Record<string, unknown>;
  return readStoredSession({
    getItem: (key) => (typeof entries[key] === 'string' ? entries[key] : null),
  });
}

/** This tab's session in the form another tab takes it (its sessionStorage entries). */
export function storedEntries(storage: Storage = window.sessionStorage): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const key of Object.values(SESSION_STORAGE_KEYS)) {
    const value = storage.getItem(key);
    if (value !== null) entries[key] = value;
  }
  return entries;
}
