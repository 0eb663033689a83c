// The audit view (issue 22, docs/decisions/017): the actions the audit log records, their Japanese
// names, and the limits of one search. Every entry has one shape (audit_log): time, actor (user id
// and mail), action, entity and its id (the target), customer code, client address and User-Agent.

/** Every action the portal records, with the name the audit view shows (in this order in its select). */
export const AUDIT_ACTION_LABELS = {
  'auth.sign-in': 'ログイン',
  'auth.sign-in-failed': 'ログイン失敗',
  'auth.lock': 'アカウントロック',
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
  '顧客コード',
  '顧客名',
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
