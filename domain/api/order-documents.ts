import { z } from 'zod';
import { BULK_DOWNLOAD_FILES_MAX } from '../constants';

// Order documents (docs/product.md §7 "specified-ledger-file-path", "get-shared-files"). The
// files live in the customer's bucket under Spec/; the client names them only by the line's keys or
// by the file names the ledger search answered — the server checks every name against the ledger.

const compatId = z.union([z.number(), z.string()]).nullish();
const compatQueryId = z.union([z.coerce.number(), z.string()]).optional();

export const DOCUMENT_TYPES = ['invoice', 'shipped', 'delivery'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The labels of the three documents (docs/product.md §2: invoice, shipping notice, delivery slip). */
export const DOCUMENT_LABELS: Record<DocumentType, string> = {
  invoice: '請求書',
  shipped: '出荷案内',
  delivery: '納品書',
};

/** The order line's field that names each document's file (docs/product.md §3 Order line). */
export const DOCUMENT_FILE_FIELD = {
  invoice: 'invoice_file_name',
  shipped: 'shipped_file_name',
  delivery: 'delivery_file_name',
} as const satisfies Record<DocumentType, string>;
export type DocumentFileField = (typeof DOCUMENT_FILE_FIELD)[DocumentType];

export const ledgerFileQuerySchema = z.object({
  sale_order_no: z.string().min(1).max(64),
  sale_order_line_no: z.coerce.number().int(),
  delivery_no: z.string().max(64).default(''),
  delivery_line_no: z.coerce.number().int().default(0),
  login_user_id: compatQueryId,
});

const documentLinkSchema = z.object({
  file_name: z.string(),
  /** A short-lived signed download URL; null when the line has no such document or it is missing. */
  url: z.string().nullable(),
  missing: z.boolean(),
});

export const ledgerFileAnswerSchema = z
  .object({
    bucket_name: z.string(),
    folder_name: z.string(),
    invoice: documentLinkSchema,
    shipped: documentLinkSchema,
    delivery: documentLinkSchema,
  })
  .meta({ id: 'LedgerFileLinks' });
export type LedgerFileAnswer = z.infer<typeof ledgerFileAnswerSchema>;

export const bulkDownloadBodySchema = z.object({
  bucket_name: z.string().min(1).max(100),
  /** Product prefix plus document label (docs/product.md §7); the server appends the date and ".zip". */
  download_name: z.string().min(1).max(100),
  /** Must be the order documents folder, "Spec". */
  folder_name: z.string().max(100),
  file_names: z.array(z.string().min(1).max(255)).min(1).max(BULK_DOWNLOAD_FILES_MAX),
  user_id: compatId,
});

export const bulkDownloadAnswerSchema = z.object({
  /** A short-lived URL of the streamed zip. */
  url: z.string(),
  /** true when some requested files do not exist and are not in the zip (docs/product.md §4 caution modal). */
  caution_flag: z.boolean(),
  file_count: z.number().int(),
  missing_count: z.number().int(),
  /** The names of the missing files, in the order asked (also in the zip's missing.txt). */
  missing_files: z.array(z.string()),
  file_name: z.string(),
});
