import { z } from 'zod';
import { PAGE_SIZE } from '../constants';

// The shared-files calls and the customer bucket calls (docs/product.md §7 "Shared files", "Spec"). Paths are
// relative to the customer's Shared root (docs/product.md §9) and checked by domain/shared-path.ts; bucket
// names are checked against the customer table. user_id / login_user_id are accepted for
// compatibility and never trusted: the caller is whoever the bearer token says (docs/product.md §12).

const compatId = z.union([z.number(), z.string()]).nullish();
const compatQueryId = z.union([z.coerce.number(), z.string()]).optional();
const clientTimestamp = z.string().nullish();

// Generous on purpose: an over-long path is refused by the path rule (400 INVALID_PATH, logged),
// not here; the request body limit bounds the rest.
const clientPath = z.string().max(8192);
const bucketName = z.string().min(1).max(100);

export const sharedFileEntrySchema = z
  .object({
    file_name: z.string(),
    /** Relative to the customer's Shared root, e.g. "カタログ/2026年版/価格表2026.xlsx"; no trailing '/'. */
    file_path: z.string(),
    is_dir: z.boolean(),
  })
  .meta({ id: 'SharedFileEntry' });
export type SharedFileEntry = z.infer<typeof sharedFileEntrySchema>;

export const getSharedFilenameBodySchema = z.object({
  bucket_name: bucketName,
  /** The folder to list, relative to the Shared root; '' or absent = the root. */
  folder_name: clientPath.nullish(),
  user_id: compatId,
  /** Optional paging (an addition to the spec): with page or page_size the answer is a page object. */
  page: z.number().int().min(1).optional(),
  page_size: z.number().int().min(1).max(1000).optional(),
});
export type GetSharedFilenameBody = z.infer<typeof getSharedFilenameBodySchema>;

export const SHARED_FILES_DEFAULT_PAGE_SIZE = PAGE_SIZE;

export const sharedFilePageSchema = z
  .object({
    items: z.array(sharedFileEntrySchema),
    /** Entries in the whole folder. */
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  })
  .meta({ id: 'SharedFilePage' });

/** Folders first, then files, each by name; the whole folder, or one page of it when asked. */
export const getSharedFilenameAnswerSchema = z.union([
  z.array(sharedFileEntrySchema),
  sharedFilePageSchema,
]);

export const getSharedUrlBodySchema = z.object({
  bucket_name: bucketName,
  /** The file's folder, relative to the Shared root; '' or absent = the root. */
  folder_name: clientPath.nullish(),
  file_name: clientPath.min(1),
  user_id: compatId,
});
export type GetSharedUrlBody = z.infer<typeof getSharedUrlBodySchema>;

export const sharedUrlAnswerSchema = z.object({
  /** A short-lived signed URL that downloads the file as an attachment (DOWNLOAD_URL_TTL_SECONDS). */
  url: z.string(),
});

export const customerBucketQuerySchema = z.object({
  customer_code: z.coerce.number().int().positive(),
  login_user_id: compatQueryId,
});
export const customerBucketAnswerSchema = z.object({ customer_bucket_name: z.string() });

export const registerFolderNameBodySchema = z.object({
  customer_code: z.coerce.number().int().positive(),
  /** One folder name: no '/', '\', '.', '..', control characters or encoded separators. */
  folder_name: clientPath.min(1),
  login_user_id: compatId,
  user_id: compatId,
  created_at: clientTimestamp,
  updated_at: clientTimestamp,
});
export type RegisterFolderNameBody = z.infer<typeof registerFolderNameBodySchema>;

export const registeredFolderNameAnswerSchema = z.object({
  customer_code: z.number().int(),
  folder_name: z.string(),
});
