import { z } from 'zod';
import {
  AUDIT_ACTION_PATTERN,
  AUDIT_DATE_ORDER_MESSAGE,
  AUDIT_MAX_PAGE,
  AUDIT_PAGE_SIZE,
} from '../audit';
import { emptyAsAbsent, isoDateOfThisMillennium as isoDate } from './query-values';

// GET /api/v1/audit and /api/v1/audit/export (docs/decisions/017): the filters of the
// audit view, as query parameters. An empty parameter is no filter.

export const auditFilterSchema = z
  .object({
    /** First day (Japan time, inclusive), YYYY-MM-DD. */
    from: z.preprocess(emptyAsAbsent, isoDate.optional()),
    /** Last day (Japan time, inclusive), YYYY-MM-DD. */
    to: z.preprocess(emptyAsAbsent, isoDate.optional()),
    /** The actor's mail, whole (case does not matter). */
    actor: z.preprocess(emptyAsAbsent, z.string().trim().toLowerCase().max(254).optional()),
    customer_code: z.preprocess(
      emptyAsAbsent,
      z.coerce.number().int().positive().max(2_147_483_647).optional(),
    ),
    /** One action, as recorded ("document.download"). */
    action: z.preprocess(
      emptyAsAbsent,
      z.string().regex(AUDIT_ACTION_PATTERN, '操作の種類が正しくありません。').optional(),
    ),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: AUDIT_DATE_ORDER_MESSAGE });
    }
  });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditSearchQuerySchema = z.intersection(
  auditFilterSchema,
  z.object({
    /** 1-based; pages beyond the counted total (10 000 events) are not served. */
    page: z.preprocess(
      emptyAsAbsent,
      z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE).default(1),
    ),
  }),
);
export type AuditSearchQuery = z.infer<typeof auditSearchQuerySchema>;

export const auditEventSchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  created_at: z.string(),
  actor_user_id: z.number().int().nullable(),
  actor_mail: z.string().nullable(),
  customer_code: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The target in words (「ユーザー: 山田 太郎（yamada@example.com）」), names looked up by the server. */
  target: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z
  .object({
    items: z.array(auditEventSchema),
    /** Events matching, counted up to the cap (10 000); total_capped: there are more. */
    total: z.number().int(),
    total_capped: z.boolean(),
    page: z.number().int(),
    page_size: z.literal(AUDIT_PAGE_SIZE),
    /** Mail outbox counts, for staff only when the server has them. */
    mail_outbox: z
      .object({ pending: z.number().int(), failed: z.number().int(), sent: z.number().int() })
      .nullable()
      .optional(),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;
