import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CORPORATE_ADMIN_USER_TYPE_ID,
  GENERAL_USER_TYPE_ID,
  SHARED_ROOT_FOLDER,
  STAFF_CUSTOMER_CODE,
  STAFF_USER_TYPE_ID,
} from '../../domain/constants';

// The demo data of docs/product.md §15: who exists, in which corporation, with which customer codes.

/** Every demo account signs in with this password (docs/product.md §15); used by the identity seed. */
export const DEMO_PASSWORD = 'Passw0rd!';

/** The URL path under which the app serves db/seed/assets (the banner images). */
export const DEMO_ASSET_BASE = '/demo-assets/';
export const DEMO_BANNER_ASSET_FILES = [
  'banner-solar-mounting.svg',
  'banner-roof-renewal.svg',
] as const;

const here = dirname(fileURLToPath(import.meta.url));
/** db/seed/assets from the sources, or from dist/server when running the bundled server. */
export function demoAssetsFolder(): string {
  const candidates = [join(here, 'assets'), resolve(here, '../../db/seed/assets')];
  return candidates.find((c) => existsSync(join(c, DEMO_BANNER_ASSET_FILES[0]))) ?? candidates[0]!;
}

export interface DemoCorporation {
  corporate_code: number;
  corporate_name: string;
}

export const DEMO_CORPORATIONS: readonly DemoCorporation[] = [
  { corporate_code: 1001, corporate_name: '株式会社東和ルーフ' },
  { corporate_code: 2001, corporate_name: '有限会社北斗板金工業' },
  { corporate_code: 3001, corporate_name: '株式会社サンライズ電設' },
  { corporate_code: 4001, corporate_name: 'みどり建設株式会社' },
  // The maker itself: staff sign in with its customer 99999 (docs/product.md §1).
  { corporate_code: 9999, corporate_name: '株式会社ミナト金属工業' },
];

/** Where a customer's sites and warehouse are: indexes into LOCALITIES of ledger-vocabulary.ts. */
export type Region = 'kanto' | 'kansai' | 'hokkaido-tohoku' | 'kyushu' | 'chubu';

export interface DemoCustomer {
  customer_code: number;
  customer_name: string;
  corporate_code: number;
  customer_bucket_name: string;
  folder_name: string;
  region: Region;
  /** Whether the customer gets order lines (staff's own customer has none). */
  hasLedger: boolean;
  /** 'full' tree, 'full+paging' adds a folder of more than 100 entries, 'empty' only the root. */
  sharedTree: 'full' | 'full+paging' | 'empty';
}

const demoCustomer = (
  customer: Omit<DemoCustomer, 'customer_bucket_name' | 'folder_name'>,
): DemoCustomer => ({
  ...customer,
  customer_bucket_name: `portal-${customer.customer_code}`,
  // Each customer has its own bucket, so the registered folder is the shared-files root.
  folder_name: SHARED_ROOT_FOLDER,
});

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = (
  [
    {
      customer_code: 10001,
      customer_name: '株式会社東和ルーフ 本社',
      corporate_code: 1001,
      region: 'kanto',
      hasLedger: true,
      sharedTree: 'full+paging',
    },
    {
      customer_code: 10002,
      customer_name: '株式会社東和ルーフ 関西営業所',
      corporate_code: 1001,
      region: 'kansai',
      hasLedger: true,
      sharedTree: 'full',
    },
    {
      customer_code: 20001,
      customer_name: '有限会社北斗板金工業',
      corporate_code: 2001,
      region: 'hokkaido-tohoku',
      hasLedger: true,
      sharedTree: 'full',
    },
    {
      customer_code: 30001,
      customer_name: '株式会社サンライズ電設 東京支店',
      corporate_code: 3001,
      region: 'kanto',
      hasLedger: true,
      sharedTree: 'full',
    },
    {
      customer_code: 30002,
      customer_name: '株式会社サンライズ電設 九州支店',
      corporate_code: 3001,
      region: 'kyushu',
      hasLedger: true,
      sharedTree: 'full',
    },
    {
      customer_code: 40001,
      customer_name: 'みどり建設株式会社',
      corporate_code: 4001,
      region: 'chubu',
      hasLedger: true,
      // Shows the shared-files screen's "no files exist" message.
      sharedTree: 'empty',
    },
    {
      customer_code: STAFF_CUSTOMER_CODE,
      customer_name: '株式会社ミナト金属工業 (社内)',
      corporate_code: 9999,
      region: 'kanto',
      hasLedger: false,
      sharedTree: 'empty',
    },
  ] as const
).map(demoCustomer);

export const DEMO_BUCKETS: readonly string[] = DEMO_CUSTOMERS.map((c) => c.customer_bucket_name);

export const DEMO_USER_TYPES = [
  { id: CORPORATE_ADMIN_USER_TYPE_ID, user_type_name: '管理者', user_group: 'BtoB' },
  { id: GENERAL_USER_TYPE_ID, user_type_name: '一般ユーザー', user_group: 'BtoB' },
  { id: STAFF_USER_TYPE_ID, user_type_name: 'スーパー管理者', user_group: 'staff' },
] as const;

export interface DemoUser {
  mail: string;
  user_name: string;
  user_type_id: number;
  customer_codes: readonly number[];
  /** The identity seed leaves this account's mail unverified (docs/product.md §15). */
  mailVerified: boolean;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    mail: 'staff@example.com',
    user_name: '港 健一',
    user_type_id: STAFF_USER_TYPE_ID,
    customer_codes: [STAFF_CUSTOMER_CODE],
    mailVerified: true,
  },
  {
    mail: 'admin@example.com',
    user_name: '東 和也',
    user_type_id: CORPORATE_ADMIN_USER_TYPE_ID,
    customer_codes: [10001],
    mailVerified: true,
  },
  {
    mail: 'user@example.com',
    user_name: '鈴木 花子',
    user_type_id: GENERAL_USER_TYPE_ID,
    customer_codes: [10001],
    mailVerified: true,
  },
  {
    mail: 'multi@example.com',
    user_name: '高橋 誠',
    user_type_id: GENERAL_USER_TYPE_ID,
    customer_codes: [10001, 10002],
    mailVerified: true,
  },
  {
    mail: 'other@example.com',
    user_name: '北村 美咲',
    user_type_id: GENERAL_USER_TYPE_ID,
    customer_codes: [20001],
    mailVerified: true,
  },
  {
    mail: 'unverified@example.com',
    user_name: '渡辺 翔太',
    user_type_id: GENERAL_USER_TYPE_ID,
    customer_codes: [10001],
    mailVerified: false,
  },
];

export const DEMO_STAFF_MAIL = 'staff@example.com';

/** Notices of the top page's "PICK UP!" list; display_at is now minus daysAgo. */
export const DEMO_NOTICES = [
  {
    title: '太陽光架台 SR-200 シリーズ 価格改定のお知らせ',
    url: 'https://example.com/news/sr-200-price-revision',
    daysAgo: 3,
  },
  {
    title: 'お客様ポータルに出荷案内・納品書の一括ダウンロード機能を追加しました',
    url: 'https://example.com/news/portal-bulk-download',
    daysAgo: 12,
  },
  {
    title: '物流事情に伴う配送リードタイム変更のお願い',
    url: 'https://example.com/news/delivery-lead-time',
    daysAgo: 26,
  },
] as const;

/** The banner images the demo data starts with unless DEFAULT_BANNER_IMAGES names others. */
export const DEMO_BANNER_IMAGES = DEMO_BANNER_ASSET_FILES.map(
  (file) => `${DEMO_ASSET_BASE}${file}`,
);

export const DEMO_BANNERS = [
  {
    explanation: '太陽光架台 SR-200 シリーズ 新登場',
    destination_url: 'https://example.com/products/sr-200',
  },
  {
    explanation: '屋根改修部材 キャンペーンのご案内',
    destination_url: 'https://example.com/campaign/roof-renewal',
  },
] as const;
