import { z } from 'zod';

// Notice and banner calls (docs/product.md §7 "Banner and notice"). user_id and the client's timestamps are
// accepted for compatibility and ignored: the server stamps who and when from the token and clock.

const compatId = z.union([z.number(), z.string()]).nullish();
const clientTimestamp = z.string().nullish();

export const listBodySchema = z.object({
  user_id: compatId,
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const noticeSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int().nullable(),
    title: z.string(),
    url: z.string(),
    display_at: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Notice' });
export type Notice = z.infer<typeof noticeSchema>;

export const addNoticeBodySchema = z.object({
  title: z.string().max(1000),
  url: z.string().max(2000),
  /** Optional: when the notice is dated; default now. */
  display_at: z.iso.datetime({ offset: true }).nullish(),
  user_id: compatId,
  created_at: clientTimestamp,
  updated_at: clientTimestamp,
});
export const updateNoticeBodySchema = addNoticeBodySchema.extend({
  id: z.number().int().positive(),
});

export const bannerSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int().nullable(),
    explanation: z.string(),
    image_url: z.string(),
    destination_url: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Banner' });
export type Banner = z.infer<typeof bannerSchema>;

export const addBannerBodySchema = z.object({
  explanation: z.string().max(1000),
  image_url: z.string().max(2000),
  destination_url: z.string().max(2000),
  user_id: compatId,
  created_at: clientTimestamp,
  updated_at: clientTimestamp,
});
export const updateBannerBodySchema = addBannerBodySchema.extend({
  id: z.number().int().positive(),
});

export const deleteBodySchema = z.object({ id: z.number().int().positive(), user_id: compatId });
export const deletedAnswerSchema = z.object({ id: z.number().int() });

/**
 * The top page's drawings tile (docs/product.md §2): the maker's drawings and fire-resistance
 * certificates site and its shared password (DRAWINGS_URL, DRAWINGS_PASSWORD). Signed-in people
 * only: it is not in the page's embedded configuration, which anyone can read.
 */
export const drawingsAccessSchema = z
  .object({ url: z.string(), password: z.string() })
  .meta({ id: 'DrawingsAccess' });
export type DrawingsAccess = z.infer<typeof drawingsAccessSchema>;
