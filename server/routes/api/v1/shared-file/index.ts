import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkDownloadAnswerSchema,
  bulkDownloadBodySchema,
} from '../../../../../domain/api/order-documents';
import {
  getSharedFilenameAnswerSchema,
  getSharedFilenameBodySchema,
  getSharedUrlBodySchema,
  sharedUrlAnswerSchema,
} from '../../../../../domain/api/shared-files';
import { ORDER_DOCUMENTS_FOLDER } from '../../../../../domain/constants';
import { DocumentTicketSigner } from '../../../../services/document-tickets';
import {
  createBulkDownload,
  type OrderDocumentPorts,
  orderDocumentUrl,
} from '../../../../services/order-documents-service';
import {
  listSharedFolder,
  type SharedFilesPorts,
  sharedFileUrl,
} from '../../../../services/shared-files-service';
import { callerOf } from '../caller-of';
import { bearerSecurity, errorAnswers } from '../openapi-parts';
import { specBucketRoutes } from '../spec/bucket';
import { ledgerFileRoutes } from '../spec/ledger-file';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['shared-file'];

/**
 * The shared-files feature's calls: /shared-file/* here and the customer bucket calls under /spec
 * (spec/bucket.ts), registered together so that the /api/v1 tree takes them in one line.
 */
export async function sharedFilesApiRoutes(app: FastifyInstance) {
  await app.register(sharedFileRoutes, { prefix: '/shared-file' });
  await app.register(specBucketRoutes, { prefix: '/spec' });
  await app.register(ledgerFileRoutes, { prefix: '/spec' });
}

export async function sharedFileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The ports of one request: its logger names the request in the lines the use cases write.
  const ports = (request: FastifyRequest): SharedFilesPorts => ({
    db: app.db,
    storage: app.platform.storage,
    downloadTtlSeconds: app.config.DOWNLOAD_URL_TTL_SECONDS,
    log: request.log,
  });
  const documentPorts = (request: FastifyRequest): OrderDocumentPorts => ({
    ...ports(request),
    publicBaseUrl: app.config.publicBaseUrl,
    tickets: new DocumentTicketSigner(app.platform.secret),
  });

  api.post(
    '/get-shared-filename',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '共有フォルダ内の一覧（フォルダが先、名前順。page / page_size でページ分割）',
        description:
          'folder_name は Shared ルートからの相対パス（空または省略でルート）。' +
          '不正なパス（..、絶対パス、\\、%2f などのエンコード、制御文字）は 400 INVALID_PATH。',
        body: getSharedFilenameBodySchema,
        response: { 200: getSharedFilenameAnswerSchema, ...errors },
      },
    },
    async (request) => listSharedFolder(ports(request), callerOf(request), request.body),
  );

  api.post(
    '/get-shared-url',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '共有ファイルの短時間有効な署名付きダウンロードURL',
        body: getSharedUrlBodySchema,
        response: { 200: sharedUrlAnswerSchema, ...errors },
      },
    },
    async (request) =>
      // The order documents folder (docs/product.md §9 "Spec") holds the ledger's documents, checked against
      // the ledger; every other folder is below the Shared root.
      request.body.folder_name === ORDER_DOCUMENTS_FOLDER
        ? orderDocumentUrl(documentPorts(request), callerOf(request), request.body)
        : sharedFileUrl(ports(request), callerOf(request), request.body),
  );

  api.post(
    '/get-shared-files',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '注文書類の一括ダウンロード（zip、欠けているファイルは caution_flag で通知）',
        body: bulkDownloadBodySchema,
        response: { 200: bulkDownloadAnswerSchema, ...errors },
      },
    },
    async (request) => createBulkDownload(documentPorts(request), callerOf(request), request.body),
  );
}
