import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ledgerFileAnswerSchema,
  ledgerFileQuerySchema,
} from '../../../../../domain/api/order-documents';
import { DocumentTicketSigner } from '../../../../services/document-tickets';
import { ledgerFileLinks } from '../../../../services/order-documents-service';
import { callerOf } from '../caller-of';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

export async function ledgerFileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/specified-ledger-file-path',
    {
      schema: {
        tags: ['spec'],
        security: bearerSecurity,
        summary: '注文明細1行の書類（請求書・出荷案内・納品書）の署名付きダウンロードURL',
        querystring: ledgerFileQuerySchema,
        response: {
          200: ledgerFileAnswerSchema,
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ledgerFileLinks(
        {
          db: app.db,
          storage: app.platform.storage,
          downloadTtlSeconds: app.config.DOWNLOAD_URL_TTL_SECONDS,
          publicBaseUrl: app.config.publicBaseUrl,
          tickets: new DocumentTicketSigner(app.platform.secret),
          log: request.log,
        },
        callerOf(request),
        request.query,
      ),
  );
}
