// The audit view (docs/decisions/017): the actions the audit log records, their Japanese
// names, and the limits of one search. Every entry has one shape (audit_log): time, actor (user id
// and mail), action, entity and its id (the target), customer code, client address and User-Agent.

/** Every action the portal records, with the name the audit view shows (in this order in its select). */
export const AUDIT_ACTION_LABELS = {
  'auth.sign-in': 'ログイン',
  'auth.sign-in-failed': 'ログイン失敗',
  'auth.lock': 'アカウントロック',
  'auth.unlock': 'ロック解除',
  'auth.sign-out': 'ログアウト',
  'auth.password-change': 'パスワード変更',
  'auth.password-reset': 'パスワード再設定',
  'auth.second-factor.enrol': '2段階認証の設定',
  'auth.second-factor.disable': '2段階認証の解除',
  'auth.second-factor.reset': '2段階認証のリセット',
  'auth.second-factor.backup-code-used': 'バックアップコードでの認証',
  'auth.second-factor.failed': '2段階認証の失敗',
  'document.download': '書類ダウンロード',
  'document.bulk-download': '書類一括ダウンロード',
  'shared-file.download': '共有ファイルダウンロード',
  'ledger.export': '注文明細の出力',
  'ledger.import': '注文明細の取り込み',
  'invoice.import': '請求書の取り込み',
  'audit.export': '操作履歴の出力',
  'user.create': 'ユーザー追加',
  'user.restore': 'ユーザー再追加',
  'user.invitation-resend': '招待メールの再送',
  'user.update': 'ユーザー更新',
  'user.delete': 'ユーザー削除',
  'user.purge': '削除済みユーザーの消去',
  'notice.create': 'お知らせ追加',
  'notice.update': 'お知らせ更新',
  'notice.delete': 'お知らせ削除',
  'banner.create': 'バナー追加',
  'banner.update': 'バナー更新',
  'banner.delete': 'バナー削除',
  'customer.folder-name.update': 'フォルダ名の登録',
  'inquiry.create': 'お問い合わせの登録',
  'inquiry.message': 'お問い合わせのメッセージ',
  'inquiry.state': 'お問い合わせのステータス変更',
  'inquiry.assign': 'お問い合わせの担当者設定',
  'inquiry.attachment.download': 'お問い合わせの添付ファイルダウンロード',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** The Japanese name of an action; an action this list does not know is shown as recorded. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** An action name as the log spells them ("document.bulk-download"): the filter's shape. */
export const AUDIT_ACTION_PATTERN = /^[a-z0-9][a-z0-9.-]{0,63}$/;

/** Rows of one page of the audit view. */
export const AUDIT_PAGE_SIZE = 100;
/**
 * The total is counted up to this many events; beyond it the view says 「10,000件以上」 and shows
 * the first pages only: narrowing the filters finds the rest (docs/decisions/017).
 */
export const AUDIT_COUNT_CAP = 10_000;
export const AUDIT_MAX_PAGE = AUDIT_COUNT_CAP / AUDIT_PAGE_SIZE;
/** Events one CSV export may hold; a search over it is refused, naming the limit. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

export const auditExportTooManyMessage = (max: number) =>
  `CSV出力できるのは${max.toLocaleString('ja-JP')}件までです。条件を絞り込んでください。`;

export const AUDIT_DATE_ORDER_MESSAGE = '開始日は終了日以前の日付を指定してください。';

/** The CSV export's columns (UTF-8 with BOM, CRLF, as the ledger export). */
export const AUDIT_EXPORT_HEADERS = [
  '日時',
  '操作者メール',
  '操作者ID',
  '取引先コード',
  '取引先名',
  '操作',
  '操作コード',
  '対象',
  '対象ID',
  'IPアドレス',
  'ブラウザ（User-Agent）',
  '詳細',
] as const;

/** "2026-11-25 21:40:05" in Japan time, the audit view's and CSV's time. */
export function japanDateTime(iso: string | Date): string {
  const t = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  return new Date(t + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** "auditlog_YYYYMMDD.csv" with the Japanese date of the export. */
export function auditExportFileName(japanToday: string): string {
  return `auditlog_${japanToday.replaceAll('-', '')}.csv`;
}

/** Why a sign-in failed, as the audit log records it, in the words of the account's history. */
export const SIGN_IN_FAILURE_LABELS: Record<string, string> = {
  'wrong-password': 'パスワードの誤り',
  'unknown-mail': '登録のないメールアドレス',
  locked: 'アカウントのロック中',
  'not-verified': 'メールアドレスの確認前',
  'second-factor': '確認コードの誤り',
};

/**
 * What the server found of an event's target when it answered: a person by their user row or
 * mail, a customer's name, a notice's title or a banner's text as the event recorded it.
 */
export interface AuditTargetFacts {
  entity: string;
  entityId: string | null;
  /** For a user row or a mail: the person's name and mail, when a user row has them. */
  person?: { name: string; mail: string } | null;
  /** For a customer (a folder name, the order lines of an export): its name. */
  customerName?: string | null;
  /** For a notice or a banner: its title or text as the event recorded it. */
  recordedTitle?: string | null;
}

const personOf = (facts: AuditTargetFacts, fallback: string) =>
  facts.person ? `${facts.person.name}（${facts.person.mail}）` : fallback;

const customerOf = (code: string, name: string | null | undefined) =>
  name ? `${code} ${name}` : code;

/**
 * The target of an event as the audit view and its CSV name it: the kind of thing in Japanese and
 * which one (「ユーザー: 山田 太郎（yamada@example.com）」), never an internal table name.
 */
export function auditTargetLabel(facts: AuditTargetFacts): string {
  const id = facts.entityId;
  switch (facts.entity) {
    case 'user':
      return `ユーザー: ${personOf(facts, id ? `ID ${id}（削除済み）` : '—')}`;
    case 'auth':
      return `アカウント: ${personOf(facts, id ?? '—')}`;
    case 'customer':
      return `取引先: ${id ? customerOf(id, facts.customerName) : '—'}`;
    case 'ledger_items':
      return id ? `注文明細: ${customerOf(id, facts.customerName)}` : '注文明細';
    case 'notice':
      return `お知らせ: ${facts.recordedTitle ?? `ID ${id ?? '—'}`}`;
    case 'banner':
      return `バナー: ${facts.recordedTitle ?? `ID ${id ?? '—'}`}`;
    case 'document':
      return `書類: ${id ?? '—'}`;
    case 'shared-file':
      return `共有ファイル: ${id ?? '—'}`;
    case 'audit_log':
      return '操作履歴';
    case 'inquiry':
      return `お問い合わせ: No.${id ?? '—'}`;
    case 'inquiry-attachment':
      return `お問い合わせの添付ファイル: ID ${id ?? '—'}`;
    default:
      return id ? `${facts.entity}: ${id}` : facts.entity;
  }
}

/** The Japanese names of the detail's fields; a field not listed keeps its recorded name. */
const DETAIL_FIELD_LABELS: Record<string, string> = {
  success: '結果',
  reason: '理由',
  file_name: 'ファイル名',
  fileName: 'ファイル名',
  order_line: '注文明細',
  zip: 'ZIPファイル',
  files: 'ファイル数',
  missing: '見つからないファイル数',
  path: 'パス',
  folder_name: 'フォルダ名',
  search: '検索条件',
  filter: '条件',
  sort: '並び順',
  format: '形式',
  lines: '件数',
  total: '件数',
  inserted: '追加',
  updated: '更新',
  unchanged: '変更なし',
  source: '取り込み元',
  bytes: 'バイト数',
  sha256: 'SHA-256',
  shipmentNotifications: '出荷通知',
  shipmentMails: '出荷通知メール',
  title: 'タイトル',
  url: 'URL',
  display_at: '表示日時',
  explanation: '説明',
  image_url: '画像URL',
  destination_url: 'リンク先URL',
  id: 'ID',
  user_id: '登録者ID',
  created_at: '作成日時',
  updated_at: '更新日時',
  mail: 'メールアドレス',
  user_name: '氏名',
  customer_code: '取引先コード',
  user_type_id: 'ユーザー種別',
  delete_flag: '削除',
  shipment_mail: '出荷通知メール',
  invoice_mail: '請求書発行メール',
  inquiry_mail: 'お問い合わせメール',
  is_new_account: '新規アカウント',
  target_user_id: '対象ユーザーID',
  account_lock_date: 'ロック日時',
  from: '開始日',
  to: '終了日',
  from_date: '開始日',
  to_date: '終了日',
  actor: '操作者',
  action: '操作',
  item_no: '注文番号',
  product_name: '品名',
  property_name: '物件名',
  status: 'ステータス',
  text_field: 'キーワード',
};

/** Fields the detail leaves out: identifiers of other systems, no use to a reader. */
const DETAIL_FIELDS_LEFT_OUT = new Set(['bucket', 'firebase_uid', 'login_user_id']);

function detailValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'なし';
  if (key === 'success' && typeof value === 'boolean') return value ? '成功' : '失敗';
  if (key === 'reason' && typeof value === 'string') return SIGN_IN_FAILURE_LABELS[value] ?? value;
  if (key === 'action' && typeof value === 'string') return auditActionLabel(value);
  if (typeof value === 'boolean') return value ? 'はい' : 'いいえ';
  if (Array.isArray(value)) return value.map((v) => detailValue('', v)).join('・');
  if (typeof value === 'object') {
    const inner = detailFields(value as Record<string, unknown>);
    return inner ? `（${inner}）` : 'なし';
  }
  return String(value);
}

const DETAIL_FIELD_ORDER = Object.keys(DETAIL_FIELD_LABELS);
/** Listed fields in the list's order (the database keeps JSON keys in an order of its own). */
const fieldRank = (key: string) => {
  const rank = DETAIL_FIELD_ORDER.indexOf(key);
  return rank === -1 ? DETAIL_FIELD_ORDER.length : rank;
};

function detailFields(record: Record<string, unknown>): string {
  return Object.entries(record)
    .filter(([key, value]) => !DETAIL_FIELDS_LEFT_OUT.has(key) && value !== undefined)
    .sort(([a], [b]) => fieldRank(a) - fieldRank(b))
    .map(([key, value]) => `${DETAIL_FIELD_LABELS[key] ?? key}: ${detailValue(key, value)}`)
    .join('、');
}

/**
 * An event's recorded detail as a sentence of Japanese fields (「結果: 失敗、理由: パスワードの
 * 誤り」) for the CSV's 詳細 column; no detail is empty.
 */
export function auditDetailText(detail: unknown): string {
  if (detail === null || detail === undefined) return '';
  if (typeof detail !== 'object' || Array.isArray(detail)) return detailValue('', detail);
  return detailFields(detail as Record<string, unknown>);
}
