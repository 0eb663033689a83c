import { z } from 'zod';
import { DOCUMENT_TYPE_KEYS, deliveryNoOfInput } from '../documents';
import { emptyAsAbsent, isoDate } from './query-values';

// GET /api/v1/documents, GET /api/v1/documents/{id}/versions, POST /api/v1/documents/{id}/download
// and POST /api/v1/documents/zip (docs/decisions/030): the documents screen's calls. An empty
// parameter is no filter.

const yen = z.coerce
  .number({ message: '金額は円単位の整数で指定してください。' })
  .int('金額は円単位の整数で指定してください。')
  .min(-10_000_000_000_000, '金額が範囲外です。')
  .max(10_000_000_000_000, '金額が範囲外です。');

export const DOCUMENT_PAGE_SIZE = 100;
/** Files one zip of documents holds at most. */
export const DOCUMENT_ZIP_MAX_FILES = 5000;

export const documentTypeSchema = z.enum(DOCUMENT_TYPE_KEYS as [string, ...string[]], {
  message: '書類の種類が正しくありません。',
});

/** The filters of the list and of the zip, the same. */
export const documentFilterSchema = z.object({
  /** Required of staff (they choose a customer, as on the orders screen); others: all theirs. */
  customer_code: z.preprocess(
    emptyAsAbsent,
    z.coerce
      .number({ message: '取引先コードは数字で指定してください。' })
      .int()
      .positive()
      .max(2_147_483_647)
      .optional(),
  ),
  type: z.preprocess(emptyAsAbsent, documentTypeSchema.optional()),
  /** 取引年月日 from and to (inclusive). */
  date_from: z.preprocess(emptyAsAbsent, isoDate.optional()),
  date_to: z.preprocess(emptyAsAbsent, isoDate.optional()),
  /** 取引金額 from and to (inclusive). */
  amount_min: z.preprocess(emptyAsAbsent, yen.optional()),
  amount_max: z.preprocess(emptyAsAbsent, yen.optional()),
  /** Part of the document number. */
  doc_no: z.preprocess(
    emptyAsAbsent,
    z.string().trim().max(50, '書類番号は50文字までです。').optional(),
  ),
  /**
   * 納品番号: the documents of one delivery, as an order line names it — the invoices whose
   * delivery numbers include it and the shipping notices and delivery slips of its lines. The
   * whole number (full-width letters and digits read as half-width, letters as capitals).
   */
  delivery_no: z.preprocess(
    emptyAsAbsent,
    z.string().trim().max(64, '納品番号は64文字までです。').transform(deliveryNoOfInput).optional(),
  ),
  /**
   * 未ダウンロード: for staff and a customer's administrators, documents nobody has downloaded;
   * for a general user, the ones they have not downloaded themselves.
   */
  not_downloaded: z.preprocess(
    emptyAsAbsent,
    z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  ),
});

const refineRanges = (
  q: { date_from?: string; date_to?: string; amount_min?: number; amount_max?: number },
  ctx: z.RefinementCtx,
) => {
  if (q.date_from && q.date_to && q.date_from > q.date_to) {
    ctx.addIssue({
      code: 'custom',
      path: ['date_from'],
      message: '取引年月日の開始は終了より前の日付にしてください。',
    });
  }
  if (q.amount_min !== undefined && q.amount_max !== undefined && q.amount_min > q.amount_max) {
    ctx.addIssue({
      code: 'custom',
      path: ['amount_min'],
      message: '金額の下限は上限以下にしてください。',
    });
  }
};

export const DOCUMENT_SORTS = ['date', 'amount', 'number'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export const documentListQuerySchema = documentFilterSchema
  .extend({
    sort: z.preprocess(emptyAsAbsent, z.enum(DOCUMENT_SORTS).default('date')),
    order: z.preprocess(emptyAsAbsent, z.enum(['asc', 'desc']).default('desc')),
    page: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(1).max(100_000).default(1)),
  })
  .superRefine(refineRanges);
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentZipQuerySchema = documentFilterSchema.superRefine(refineRanges);
export type DocumentZipQuery = z.infer<typeof documentZipQuerySchema>;

const firstDownloadSchema = z.object({
  at: z.string(),
  user_name: z.string(),
});

export const documentListItemSchema = z.object({
  id: z.number().int(),
  type: documentTypeSchema,
  doc_date: z.string(),
  doc_no: z.string(),
  customer_code: z.number().int(),
  customer_name: z.string(),
  amount: z.number().int(),
  registration_no: z.string().nullable(),
  file_name: z.string(),
  /** The latest archived version; null until the PDF has reached the Spec folder. */
  version: z.number().int().nullable(),
  /** The day (Japan) the latest version was archived, when it is a re-issue (version 2 on). */
  reissued_on: z.string().nullable(),
  /** Staff and the customer's administrators: the first download; null when nobody has. */
  first_download: firstDownloadSchema.nullable(),
  /** Whether the caller has downloaded any version of it. */
  downloaded_by_me: z.boolean(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

export const documentPageSchema = z
  .object({
    items: z.array(documentListItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    /** Whether first_download is told (staff, the customer's administrators). */
    receipts_visible: z.boolean(),
  })
  .meta({ id: 'DocumentPage' });
export type DocumentPage = z.infer<typeof documentPageSchema>;

export const documentIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const documentVersionSchema = z.object({
  version: z.number().int(),
  archived_at: z.string(),
  doc_date: z.string(),
  amount: z.number().int(),
  size: z.number().int(),
  sha256: z.string(),
  reissued: z.boolean(),
  /** Removed by retention: no longer downloadable. */
  removed: z.boolean(),
});
export const documentVersionsAnswerSchema = z
  .object({ document_id: z.number().int(), versions: z.array(documentVersionSchema) })
  .meta({ id: 'DocumentVersions' });
export type DocumentVersionsAnswer = z.infer<typeof documentVersionsAnswerSchema>;

export const documentDownloadBodySchema = z.object({
  /** A version from the history; absent: the latest. */
  version: z.number().int().min(1).max(1_000_000).optional(),
});
export const documentDownloadAnswerSchema = z
  .object({ url: z.string() })
  .meta({ id: 'DocumentDownload' });

/** POST /documents/zip: the filters of the list; the answer's URL streams the zip. */
export const documentZipAnswerSchema = z
  .object({ url: z.string(), count: z.number().int() })
  .meta({ id: 'DocumentZip' });
export type DocumentZipAnswer = z.infer<typeof documentZipAnswerSchema>;
