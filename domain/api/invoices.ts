import { z } from 'zod';

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
