import { customerCodeListSchema } from '@domain/api/user';
import { STORAGE_KEYS } from '@domain/constants';
import { z } from 'zod';

// The signed-in session as this tab stores it (sessionStorage) and as another tab hands it over.

/** The user record kept in browser storage under `userInfo` (docs/product.md §3, Login session). */
export const userInfoSchema = z.object({
  accountLockDate: z.string().nullable(),
  createdAt: z.string(),
  customerCode: z.number().int(),
  deleteFlag: z.boolean(),
  firebaseUid: z.string().nullable(),
  id: z.number().int(),
  mail: z.string(),
  updatedAt: z.string(),
  userName: z.string(),
  userTypeId: z.number().int(),
  userTypeName: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export { customerCodeListSchema };
/** The signed-in corporation's customers, code → name, as get-customer-code-list answers. */
export const corporationCustomersSchema = z.record(z.string(), z.string());
export type CorporationCustomers = z.infer<typeof corporationCustomersSchema>;

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
  const parsed = z
    .object({ kind: z.enum(['error', 'success', 'info']), lines: z.array(z.string()) })
    .safeParse(notice);
  return parsed.success ? parsed.data : null;
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
  const userInfo = userInfoSchema.safeParse(readJson(storage, SESSION_STORAGE_KEYS.userInfo));
  const codes = customerCodeListSchema.safeParse(
    readJson(storage, SESSION_STORAGE_KEYS.customerCodeList),
  );
  const customerCodeList = codes.success ? codes.data : [];
  if (userInfo.success) {
    const customers = corporationCustomersSchema.safeParse(
      readJson(storage, SESSION_STORAGE_KEYS.corporationCustomers),
    );
    return {
      status: 'signedIn',
      identityUid: identityUid ?? userInfo.data.firebaseUid,
      userInfo: userInfo.data,
      customerCodeList,
      customerName: storage.getItem(SESSION_STORAGE_KEYS.customerName) ?? '',
      corporationName: storage.getItem(SESSION_STORAGE_KEYS.corporationName) ?? '',
      corporationCustomers: customers.success ? customers.data : {},
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
