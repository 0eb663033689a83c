import { z } from 'zod';
import {
  INQUIRY_ATTACHMENT_MAX_BYTES,
  INQUIRY_CATEGORIES,
  INQUIRY_DATE_ORDER_MESSAGE,
  INQUIRY_MAX_ATTACHMENTS,
  INQUIRY_MAX_LINES,
  INQUIRY_MESSAGES,
  INQUIRY_STATES,
  INQUIRY_TEXT_MAX,
} from '../inquiry';
import { emptyAsAbsent, isoDateOfThisMillennium as isoDate } from './query-values';

// /api/v1/inquiries (docs/decisions/032): requests about order lines and their threads.

/** Base64 of at most 10 MB (4 characters per 3 bytes); the decoded size is checked again. */
const BASE64_MAX = Math.ceil(INQUIRY_ATTACHMENT_MAX_BYTES / 3) * 4;

export const inquiryAttachmentInputSchema = z.object({
  file_name: z
    .string()
    .trim()
    .min(1, 'ファイル名がありません。')
    .max(200, 'ファイル名が長すぎます。'),
  /** The file's bytes, base64; its type is read from the bytes themselves. */
  content_base64: z
    .string()
    .max(BASE64_MAX, INQUIRY_MESSAGES.attachmentTooLarge)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'ファイルの内容が読み取れません。'),
});

const text = z
  .string()
  .trim()
  .min(1, INQUIRY_MESSAGES.textEmpty)
  .max(INQUIRY_TEXT_MAX, INQUIRY_MESSAGES.textTooLong);

const attachments = z
  .array(inquiryAttachmentInputSchema)
  .max(INQUIRY_MAX_ATTACHMENTS, INQUIRY_MESSAGES.tooManyAttachments)
  .default([]);

export const inquiryLineKeySchema = z.object({
  sale_order_no: z.string().min(1).max(64),
  sale_order_line_no: z.coerce.number().int().min(0).max(2_147_483_647),
  delivery_no: z.string().max(64).default(''),
  delivery_line_no: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});
export type InquiryLineKey = z.infer<typeof inquiryLineKeySchema>;

export const createInquiryBodySchema = z
  .object({
    category: z.enum(INQUIRY_CATEGORIES, '問い合わせの種類を選んでください。'),
    /** The delivery date the customer wishes (納期変更の依頼 only). */
    wished_date: z.preprocess(emptyAsAbsent, isoDate.optional()),
    text,
    lines: z
      .array(inquiryLineKeySchema)
      .min(1, INQUIRY_MESSAGES.noLines)
      .max(INQUIRY_MAX_LINES, `選べる明細は${INQUIRY_MAX_LINES}件までです。`),
    attachments,
  })
  .superRefine((b, ctx) => {
    if (b.category === 'delivery-change' && !b.wished_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['wished_date'],
        message: INQUIRY_MESSAGES.wishedDateRequired,
      });
    }
  });
export type CreateInquiryBody = z.infer<typeof createInquiryBodySchema>;

export const replyInquiryBodySchema = z.object({ text, attachments });
export type ReplyInquiryBody = z.infer<typeof replyInquiryBodySchema>;

export const setInquiryStateBodySchema = z.object({
  state: z.enum(INQUIRY_STATES, '状態が正しくありません。'),
  /** The agreed delivery date (staff, on a 納期変更の依頼). */
  agreed_date: z.preprocess(emptyAsAbsent, isoDate.optional()),
});
export type SetInquiryStateBody = z.infer<typeof setInquiryStateBodySchema>;

export const assignInquiryBodySchema = z.object({
  /** A staff user's id; null takes the assignment away. */
  assigned_user_id: z.number().int().positive().max(2_147_483_647).nullable(),
});

export const inquiryIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const inquiryAttachmentParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  attachmentId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const inquiryListQuerySchema = z
  .object({
    state: z.preprocess(emptyAsAbsent, z.enum(INQUIRY_STATES).optional()),
    category: z.preprocess(emptyAsAbsent, z.enum(INQUIRY_CATEGORIES).optional()),
    customer_code: z.preprocess(
      emptyAsAbsent,
      z.coerce.number().int().positive().max(2_147_483_647).optional(),
    ),
    /** First day of the last activity (Japan time, inclusive). */
    from: z.preprocess(emptyAsAbsent, isoDate.optional()),
    to: z.preprocess(emptyAsAbsent, isoDate.optional()),
    /** A staff user's id, or "none" for unassigned requests (staff's filter). */
    assigned: z.preprocess(
      emptyAsAbsent,
      z
        .union([z.literal('none'), z.coerce.number().int().positive().max(2_147_483_647)])
        .optional(),
    ),
    keyword: z.preprocess(emptyAsAbsent, z.string().trim().max(100).optional()),
    /** Requests naming this order (the order list's mark links here). */
    sale_order_no: z.preprocess(emptyAsAbsent, z.string().max(64).optional()),
    /** 1-based; the pages within the counted total (10,000 requests). */
    page: z.coerce.number().int().min(1).max(100).default(1),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) {
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: INQUIRY_DATE_ORDER_MESSAGE,
      });
    }
  });
export type InquiryListQuery = z.infer<typeof inquiryListQuerySchema>;

const person = z.object({ user_id: z.number().nullable(), name: z.string(), staff: z.boolean() });

export const inquirySummarySchema = z.object({
  id: z.number(),
  customer_code: z.number(),
  customer_name: z.string(),
  sale_order_no: z.string(),
  category: z.enum(INQUIRY_CATEGORIES),
  state: z.enum(INQUIRY_STATES),
  wished_date: z.string().nullable(),
  agreed_date: z.string().nullable(),
  requester: person,
  assigned: z.object({ user_id: z.number(), name: z.string() }).nullable(),
  first_text: z.string(),
  message_count: z.number(),
  created_at: z.string(),
  last_activity_at: z.string(),
});
export type InquirySummary = z.infer<typeof inquirySummarySchema>;

export const inquiryPageSchema = z.object({
  inquiries: z.array(inquirySummarySchema),
  /** Counted to 10,001: above 10,000 the list says 「10,000件以上」. */
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});

export const inquiryAttachmentSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number(),
});

export const inquiryMessageSchema = z.object({
  id: z.number(),
  author: person,
  text: z.string(),
  created_at: z.string(),
  attachments: z.array(inquiryAttachmentSchema),
});

export const inquiryLineSchema = z.object({
  sale_order_no: z.string(),
  sale_order_line_no: z.number(),
  delivery_no: z.string(),
  delivery_line_no: z.number(),
  item_name: z.string(),
  model_name: z.string(),
  quantity: z.number(),
  status: z.string(),
  expected_delivery_date: z.string().nullable(),
});

/** GET /inquiries/order-lines: the lines of the order of one line, for the form's choice. */
export const inquiryOrderLinesSchema = z.object({ lines: z.array(inquiryLineSchema) });

export const inquiryThreadSchema = inquirySummarySchema.extend({
  lines: z.array(inquiryLineSchema),
  messages: z.array(inquiryMessageSchema),
  /** What the caller may do on this thread (the screen shows only these). */
  can: z.object({
    reply: z.boolean(),
    set_states: z.array(z.enum(INQUIRY_STATES)),
    assign: z.boolean(),
  }),
});
export type InquiryThread = z.infer<typeof inquiryThreadSchema>;

export const inquiryUrlSchema = z.object({ url: z.string(), file_name: z.string() });
export const inquiryCountSchema = z.object({ open: z.number() });
export const inquiryStaffSchema = z.array(z.object({ user_id: z.number(), name: z.string() }));
