// Business constants of docs/product.md §9. Both the web app and the server import them from here.

/** The id of the <script type="application/json"> the server embeds the web app's configuration in. */
export const APP_CONFIG_ELEMENT_ID = 'app-config';

export const STAFF_CUSTOMER_CODE = 99999;
export const STAFF_USER_TYPE_ID = 3;
export const GENERAL_USER_TYPE_ID = 2;
export const CORPORATE_ADMIN_USER_TYPE_ID = 1;

export const LOGIN_FAILURE_THRESHOLD = 5;
export const ACCOUNT_LOCK_MS = 60 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 8;
export const INACTIVITY_TIMEOUT_MS = 3_600_000;
export const ACTIVITY_EVENTS = [
  'keydown',
  'mousemove',
  'mousewheel',
  'click',
  'touchstart',
  'touchend',
  'touchmove',
  'visibilitychange',
  'blur',
] as const;

export const PAGE_SIZE = 100;
/**
 * Order cards on a phone page (docs/product.md §9 "Configured display maximum: 100 desktop, 20 phone"; the
 * desktop's 100 rows are docs/product.md §2's). Twenty cards are a few screens of thumb scrolling.
 */
export const PHONE_PAGE_SIZE = 20;
export const BULK_DOWNLOAD_CONFIRM_COUNT = 100;
/** The most files one bulk download (one zip) takes, and so the most lines "select all" checks. */
export const BULK_DOWNLOAD_FILES_MAX = 5_000;
export const KEYWORDS_MAX = 5;
export const TOP_NOTICE_LIMIT = 10;
export const TOP_BANNER_LIMIT = 5;
export const TOP_BANNER_DESKTOP_MAX = 4;
export const EDITOR_BANNER_ROWS_MAX = 4;

export const TOAST_SUCCESS_MS = 3_000;
export const TOAST_ERROR_MS = 10_000;
/** docs/product.md §4 Orders: after a failed search, a wait of 10 s before the next one. */
export const SEARCH_RETRY_WAIT_MS = 10_000;
export const TOAST_LOADING_MS = 30_000;
export const COPY_CONFIRM_DESKTOP_MS = 1_500;
export const COPY_CONFIRM_PHONE_MS = 2_000;

export const SHARED_ROOT_FOLDER = 'Shared';
export const ORDER_DOCUMENTS_FOLDER = 'Spec';

export const TOKEN_REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000;
export const IDENTITY_TIMEOUT_DESKTOP_MS = 30_000;
export const IDENTITY_TIMEOUT_PHONE_MS = 60_000;

/** Order line status wording, used consistently in the database, the API and the screens. */
export const LEDGER_STATUS = {
  shipped: '出荷済',
  backlog: '受注残',
} as const;
export type LedgerStatus = (typeof LEDGER_STATUS)[keyof typeof LEDGER_STATUS];

/** Browser storage keys of docs/product.md §3 (Login session). */
export const STORAGE_KEYS = {
  userInfo: 'userInfo',
  customerCodeList: 'customerCodeList',
} as const;

/**
 * Unit prices and amounts of order lines are before consumption tax: the core system sends the
 * amount as quantity × unit price, and the tax is added on the invoice as a whole (one rounding
 * per invoice and rate, as qualified invoices require). Every place that shows or exports a price
 * says so (docs/decisions/026).
 */
export const LEDGER_PRICE_TAX_LABEL = '税抜';
