import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invoicePageSchema, invoiceSearchQuerySchema } from '../../../../../domain/api/invoices';
import { searchInvoicesAsCaller } from '../../../../services/invoice-search';
import { callerOf } from '../caller-of';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

/** The invoice register, read (docs/decisions/027): GET /invoices. */
export async function invoiceReadRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '',
    {
      schema: {
        tags: ['invoices'],
        security: bearerSecurity,
        summary: '請求書の検索（取引先ごと、取引年月日・金額の範囲、新しい順に100件ずつ）',
        querystring: invoiceSearchQuerySchema,
        response: { 200: invoicePageSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request) => searchInvoicesAsCaller({ db: app.db }, callerOf(request), request.query),
  );
}
