import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  documentDownloadAnswerSchema,
  documentDownloadBodySchema,
  documentIdParamsSchema,
  documentListQuerySchema,
  documentPageSchema,
  documentVersionsAnswerSchema,
  documentZipAnswerSchema,
  documentZipQuerySchema,
} from '../../../../../domain/api/documents';
import { DocumentTicketSigner } from '../../../../services/document-tickets';
import {
  type DocumentsPorts,
  documentVersionsAsCaller,
  listDocumentsAsCaller,
  prepareDocumentDownload,
  prepareDocumentZip,
} from '../../../../services/documents-service';
import { callerOf } from '../caller-of';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const tags = ['documents'];

/** The documents screen's calls (docs/decisions/030): GET /documents and a document's versions. */
export async function documentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ports = (): DocumentsPorts => ({
    db: app.db,
    storage: app.platform.storage,
    archiveBucket: app.config.DOCUMENT_ARCHIVE_BUCKET,
    invoiceMails: { config: app.config, mailer: app.platform.mailer },
    tickets: new DocumentTicketSigner(app.platform.secret),
    downloadTtlSeconds: app.config.DOWNLOAD_URL_TTL_SECONDS,
    publicBaseUrl: app.config.publicBaseUrl,
  });

  api.get(
    '',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          '帳票一覧（種類・取引年月日・金額・取引先・番号・未ダウンロードで絞り込み、100件ずつ）',
        querystring: documentListQuerySchema,
        response: { 200: documentPageSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request) => listDocumentsAsCaller(ports(), callerOf(request), request.query),
  );

  api.get(
    '/:id/versions',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '帳票の版の履歴（再発行を含む）',
        params: documentIdParamsSchema,
        response: { 200: documentVersionsAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => documentVersionsAsCaller(ports(), callerOf(request), request.params.id),
  );

  api.post(
    '/:id/download',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '帳票1件のダウンロードURL（最新版、または履歴の版）',
        description:
          'URL を開いたときにダウンロードとして記録します（URL を作っただけでは記録しません）。',
        params: documentIdParamsSchema,
        body: documentDownloadBodySchema,
        response: {
          200: documentDownloadAnswerSchema,
          ...errorAnswers(400, 401, 403, 404, 409, 410),
        },
      },
    },
    async (request) =>
      prepareDocumentDownload(ports(), callerOf(request), request.params.id, request.body),
  );

  api.post(
    '/zip',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '絞り込んだ帳票のZIP（最新版、5,000件まで、index.csv 付き）のURL',
        description:
          'ZIP のエントリ名は YYYYMMDD_<取引先>_<金額>円_<番号>.pdf。URL を開いて ZIP を最後まで受け取ったときに' +
          '各帳票のダウンロードとして記録します。',
        body: documentZipQuerySchema,
        response: { 200: documentZipAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => prepareDocumentZip(ports(), callerOf(request), request.body),
  );
}
