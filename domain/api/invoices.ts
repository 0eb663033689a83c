import { z } from 'zod';
import { emptyAsAbsent, isoDate } from './query-values';

// POST /api/v1/spec/import-invoices: the invoice register's import (docs/decisions/027).

export const invoiceImportAnswerSchema = z
  .object({
    /** Data rows (invoices) in the file. */
    total: z.number().int(),
    inserted: z.number().int(),
    updated: z.number().int(),
    /** Invoices identical to the stored ones: not written (updated_at stays). */
    unchanged: z.number().int(),
  })
  .meta({ id: 'InvoiceImportResult' });
export type InvoiceImportAnswer = z.infer<typeof invoiceImportAnswerSchema>;

// GET /api/v1/invoices: one customer's invoices by the 電子帳簿保存法 search keys (取引年月日 and
// 取引金額 as ranges, any of them combined), 100 a page, newest first. An empty parameter is no
// filter.

const yen = z.coerce
  .number({ message: '金額は円単位の整数で指定してください。' })
  .int('金額は円単位の整数で指定してください。')
  .min(-10_000_000_000_000)
  .max(10_000_000_000_000);

export const INVOICE_PAGE_SIZE = 100;

export const invoiceSearchQuerySchema = z
  .object({
    customer_code: z.coerce.number().int().positive().max(2_147_483_647),
    /** 取引年月日 from (inclusive). */
    date_from: z.preprocess(emptyAsAbsent, isoDate.optional()),
    /** 取引年月日 to (inclusive). */
    date_to: z.preprocess(emptyAsAbsent, isoDate.optional()),
    /** 取引金額 (税込) from (inclusive). */
    amount_min: z.preprocess(emptyAsAbsent, yen.optional()),
    /** 取引金額 (税込) to (inclusive). */
    amount_max: z.preprocess(emptyAsAbsent, yen.optional()),
    page: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(1).max(100_000).default(1)),
  })
  .superRefine((q, ctx) => {
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
  });
export type InvoiceSearchQuery = z.infer<typeof invoiceSearchQuerySchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  invoice_no: z.string(),
  customer_code: z.number().int(),
  invoice_date: z.string(),
  closing_date: z.string().nullable(),
  amount_excl_tax_10: z.number().int(),
  tax_10: z.number().int(),
  amount_excl_tax_8: z.number().int(),
  tax_8: z.number().int(),
  total_amount: z.number().int(),
  registration_no: z.string(),
  file_name: z.string(),
  delivery_nos: z.array(z.string()),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicePageSchema = z
  .object({
    items: z.array(invoiceSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.literal(INVOICE_PAGE_SIZE),
  })
  .meta({ id: 'InvoicePage' });
export type InvoicePage = z.infer<typeof invoicePageSchema>;
