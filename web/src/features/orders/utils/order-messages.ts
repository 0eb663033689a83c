import {
  LEDGER_EXPORT_MAX_ROWS,
  LEDGER_EXPORT_RETRY_AFTER_SECONDS,
  ledgerExportBusyMessage,
  ledgerExportTooManyMessage,
} from '@domain/ledger-export';
import { HttpError } from '../../../lib/http';
import { formatNumber } from './format';

// Texts of the orders screens. The spec's quoted meanings (docs/product.md §8 Orders) are kept word for word
// where the spec gives them; the others follow the product's tone.

/**
 * docs/product.md §8: a search the server refused because it matched too much (TOO_MANY_RESULTS).
 * Only then: the advice to shorten the period would mislead after any other failure.
 */
export const ORDERS_LOAD_FAILED_MESSAGE =
  'データの取得に失敗しました。データ件数が多いため、検索期間を短くして再度お試しください。';
export const ORDERS_NETWORK_FAILED_MESSAGE =
  'サーバーに接続できなかったため、データを取得できませんでした。通信環境をご確認のうえ、再試行してください。';
export const ORDERS_TIMED_OUT_MESSAGE =
  'サーバーからの応答がなかったため、データを取得できませんでした。時間をおいて再試行してください。';
export const ORDERS_SERVER_FAILED_MESSAGE =
  'サーバーでエラーが発生したため、データを取得できませんでした。時間をおいて再試行してください。';
export const ORDERS_FAILED_MESSAGE = 'データを取得できませんでした。';
export const RETRY_LABEL = '再試行';
/** The count while the first answer has not come, and after a search that failed. */
export const COUNT_LOADING_TEXT = '件数を取得しています…';
export const COUNT_FAILED_TEXT = '件数を取得できませんでした';

/** The server's own message of a refusal, when its answer carries one. */
function serverMessage(error: HttpError): string | null {
  const body = error.body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
    return body.message;
  return null;
}

/** What a failed search says: what happened, and what the person can do about it. */
export function ordersLoadFailedText(error: unknown): string {
  if (!(error instanceof HttpError)) return ORDERS_SERVER_FAILED_MESSAGE;
  if (error.code === 'TOO_MANY_RESULTS') return ORDERS_LOAD_FAILED_MESSAGE;
  if (error.status === 0)
    return error.code === 'TIMEOUT' ? ORDERS_TIMED_OUT_MESSAGE : ORDERS_NETWORK_FAILED_MESSAGE;
  if (error.status >= 500) return ORDERS_SERVER_FAILED_MESSAGE;
  return serverMessage(error) ?? ORDERS_FAILED_MESSAGE;
}
/** Under the search button during the wait after a failed search (docs/product.md §4). */
export const SEARCH_WAIT_MESSAGE = '検索に失敗したため、10秒後に再度検索できます。';
export const ORDERS_LOADING_MESSAGE = 'データを取得しています…';
export const CHOOSE_CUSTOMER_PROMPT = '表示する取引先コードを選択してください。';
export const unknownCustomerText = (code: number) =>
  `取引先コード ${code} は登録されていません。表示する取引先コードを選択してください。`;
export const ROW_HINT = '行をクリックすると詳細を表示します。';
export const CARD_HINT = 'タップすると詳細を表示します。';
export const NO_RESULTS_MESSAGE = '条件に一致する注文明細はありません。';
/** docs/product.md §8: missing files of a download. */
export const CAUTION_MESSAGE =
  '一部のファイルが存在しないため、ダウンロードできませんでした。ダウンロードしたファイルをご確認ください。';
export const SINGLE_FILE_MISSING_MESSAGE =
  'ファイルが存在しないため、ダウンロードできませんでした。';
/** docs/product.md §2 Orders phone. */
export const POPUP_BLOCKER_HINT =
  'ダウンロードが始まらない場合は、ブラウザのポップアップブロックを解除してください。';
export const COPIED_MESSAGE = 'コピーしました！';
/** The carrier's tracking page, opened in a new tab (which its accessible name says). */
export const TRACKING_LINK_LABEL = '配送状況を確認';
export const TRACKING_LINK_NAME = `${TRACKING_LINK_LABEL}（新しいタブで開きます）`;

/** "all search results N items" (docs/product.md §2); "N 件以上" when the server stopped counting at N. */
export const resultCountText = (total: number, capped = false) =>
  `全検索結果 ${formatNumber(total)} 件${capped ? '以上' : ''}`;

/** More files selected than one zip takes (BULK_DOWNLOAD_FILES_MAX). */
export const bulkTooManyText = (count: number, max: number) =>
  `${formatNumber(count)}件のファイルが選択されています。一度にダウンロードできるのは${formatNumber(max)}件までです。選択を減らしてから、もう一度お試しください。`;

export const bulkConfirmText = (count: number) =>
  `${formatNumber(count)}件の明細が選択されています。ダウンロードしますか？`;

/** The export action and its two formats. */
export const EXPORT_LABEL = 'Excel出力';
export const EXPORT_RUNNING_LABEL = `${EXPORT_LABEL}中…`;
export const EXPORT_FORMAT_LABELS = { xlsx: 'Excel（.xlsx）', csv: 'CSV' } as const;
/** The server's refusal of a search over the export's limit, should its answer carry no message. */
export const exportTooManyText = () => ledgerExportTooManyMessage(LEDGER_EXPORT_MAX_ROWS);
/** An export refused while too many run (429), when the answer has no message of its own. */
export const exportBusyText = () =>
  ledgerExportBusyMessage.total(LEDGER_EXPORT_RETRY_AFTER_SECONDS);
/** The file's name when the server's answer names none (it always does). */
export const exportFallbackName = (format: 'xlsx' | 'csv') => `注文一覧.${format}`;
