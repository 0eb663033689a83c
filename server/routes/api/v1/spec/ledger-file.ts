import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ledgerFileAnswerSchema,
  ledgerFileQuerySchema,
} from '../../../../../domain/api/order-documents';
import { apiErrorSchema } from '../../../../../domain/api-error';
import { ledgerFileLinks } from '../../../../services/order-documents-service';

export async function ledgerFileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/specified-ledger-file-path',
    {
      schema: {
        tags: ['spec'],
        security: [{ bearerAuth: [] }],
        summary: '注文明細1行の書類（請求書・出荷案内・納品書）の署名付きダウンロードURL',
        querystring: ledgerFileQuerySchema,
        response: {
          200: ledgerFileAnswerSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
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
        },
        request,
        request.query,
      ),
  );
}
