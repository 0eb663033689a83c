import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditFilterSchema,
  auditPageSchema,
  auditSearchQuerySchema,
} from '../../../../../domain/api/audit';
import { exportAudit, searchAudit } from '../../../../services/audit-service';
import { attachmentDisposition } from '../../../../storage/content-disposition';
import { callerOf } from '../caller-of';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const tags = ['audit'];

/**
 * The audit view (docs/decisions/017): GET /audit (one page) and GET /audit/export (CSV).
 * Staff see every event, corporate administrators their corporations' (services/authorization.ts).
 */
export async function auditRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '操作履歴（新しい順に100件ずつ。件数は10,000件まで数える）',
        querystring: auditSearchQuerySchema,
        response: { 200: auditPageSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request) => searchAudit({ db: app.db }, callerOf(request), request.query),
  );

  api.get(
    '/export',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '操作履歴の CSV 出力（UTF-8 BOM 付き、100,000件まで）',
        querystring: auditFilterSchema,
        response: errorAnswers(400, 401, 403, 409),
      },
    },
    async (request, reply) => {
      const file = await exportAudit({ db: app.db }, callerOf(request), request.query);
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-export-lines', String(file.lines))
        .send(file.body);
    },
  );
}
