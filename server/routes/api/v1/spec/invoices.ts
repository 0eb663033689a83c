import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceImportAnswerSchema } from '../../../../../domain/api/invoices';
import { apiErrorSchema } from '../../../../../domain/api-error';
import { authorize, mayImportInvoices } from '../../../../services/authorization';
import type { DocumentArchivePorts } from '../../../../services/document-archive';
import {
  INVOICE_IMPORT_MAX_BYTES,
  importInvoicesAsCaller,
} from '../../../../services/invoice-import';
import { callerOf } from '../caller-of';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const errors = errorAnswers(400, 401, 403, 409);
const tags = ['spec'];

/** The invoice register: the staff-only CSV import from the core system (docs/decisions/027). */
export async function invoiceRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: DocumentArchivePorts = {
    db: app.db,
    storage: app.platform.storage,
    archiveBucket: app.config.DOCUMENT_ARCHIVE_BUCKET,
    invoiceMails: { config: app.config, mailer: app.platform.mailer },
  };

  // Only this plugin's import reads text/csv here; the parser is the plugin's own (Fastify keeps
  // it to this plugin), as the ledger routes have theirs.
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  api.post(
    '/import-invoices',
    {
      bodyLimit: INVOICE_IMPORT_MAX_BYTES,
      // Staff only, decided before the body is read, as for the ledger import (decision 007): a
      // refused caller's 20 MB file is never read. The service keeps its own check.
      onRequest: async (request) => authorize(mayImportInvoices(callerOf(request))),
      schema: {
        tags,
        security: bearerSecurity,
        summary: '請求書 CSV の取り込み（スタッフのみ）',
        description:
          'UTF-8 の CSV（見出し行あり）を本文に text/csv で送ります。請求書番号で upsert し、' +
          '1行でも誤り（登録番号のチェックデジット、税額・合計の不一致、日付、ファイル名、未登録の取引先など）が' +
          'あれば何も書き込まず、行と列を挙げて 400 を返します。',
        consumes: ['text/csv'],
        body: z.string(),
        response: { 200: invoiceImportAnswerSchema, ...errors, 413: apiErrorSchema },
      },
    },
    async (request) => importInvoicesAsCaller(deps, callerOf(request), request.body),
  );
}
