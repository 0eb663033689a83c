// Inquiries on order lines (docs/decisions/032): the rules both the web app and the server apply.

export const INQUIRY_CATEGORIES = [
  'delivery-date',
  'delivery-change',
  'discrepancy',
  'reissue',
  'other',
] as const;
export type InquiryCategory = (typeof INQUIRY_CATEGORIES)[number];

export const INQUIRY_CATEGORY_LABELS: Record<InquiryCategory, string> = {
  'delivery-date': '納期の確認',
  'delivery-change': '納期変更の依頼',
  discrepancy: '数量・内容の相違',
  reissue: '書類の再発行',
  other: 'その他',
};

export const INQUIRY_STATES = ['open', 'in-progress', 'answered', 'closed'] as const;
export type InquiryState = (typeof INQUIRY_STATES)[number];

export const INQUIRY_STATE_LABELS: Record<InquiryState, string> = {
  open: '未対応',
  'in-progress': '対応中',
  answered: '回答済',
  closed: '完了',
};

export const INQUIRY_TEXT_MAX = 2000;
export const INQUIRY_MAX_ATTACHMENTS = 3;
export const INQUIRY_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Order lines one request may name (all of one order). */
export const INQUIRY_MAX_LINES = 50;
export const INQUIRY_PAGE_SIZE = 100;
/** The list's total is counted to here (the answer says more than this past it). */
export const INQUIRY_COUNT_CAP = 10_000;

export const INQUIRY_MESSAGES = {
  textEmpty: '内容を入力してください。',
  textTooLong: `内容は${INQUIRY_TEXT_MAX.toLocaleString('ja-JP')}文字以内で入力してください。`,
  tooManyAttachments: `添付できるファイルは${INQUIRY_MAX_ATTACHMENTS}件までです。`,
  attachmentTooLarge: '添付ファイルは1件につき10MBまでです。',
  attachmentType: '添付できるのは写真（JPEG・PNG・WebP）と PDF だけです。',
  attachmentEmpty: '空のファイルは添付できません。',
  noLines: '問い合わせる明細を選んでください。',
  lineNotFound: '指定された明細が見つかりません。',
  linesOfSeveralOrders: '1件の問い合わせで選べるのは同じ注文の明細だけです。',
  wishedDateRequired: '納期変更の依頼には希望納期を入力してください。',
  customerMayOnlyCloseOrReopen:
    'お客様が変更できるのは「完了」と、完了した問い合わせの再開だけです。',
  assigneeNotStaff: '担当者に指定できるのは社内スタッフだけです。',
} as const;

/**
 * The states a customer may set (docs/decisions/032): close a request, or reopen a closed one
 * (it goes back to 未対応, so staff see it again). Staff may set any state.
 */
export function customerMaySetState(from: InquiryState, to: InquiryState): boolean {
  if (to === 'closed') return from !== 'closed';
  if (to === 'open') return from === 'closed';
  return false;
}

export const ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/**
 * The type of a file from its first bytes, never from its name or the type the browser claims:
 * JPEG, PNG, WebP or PDF; anything else null.
 */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentType | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return 'image/png';
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) {
    return 'image/webp';
  }
  if (bytes.length >= 5 && at(0, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

/** The list's 最終更新 range, start after end: the screen's and the API's words (as the audit view's). */
export const INQUIRY_DATE_ORDER_MESSAGE = '開始日は終了日以前の日付を指定してください。';
