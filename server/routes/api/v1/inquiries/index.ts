import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignInquiryBodySchema,
  createInquiryBodySchema,
  inquiryAttachmentParamsSchema,
  inquiryCountSchema,
  inquiryIdParamsSchema,
  inquiryLineKeySchema,
  inquiryListQuerySchema,
  inquiryOrderLinesSchema,
  inquiryPageSchema,
  inquiryStaffSchema,
  inquiryThreadSchema,
  inquiryUrlSchema,
  replyInquiryBodySchema,
  setInquiryStateBodySchema,
} from '../../../../../domain/api/inquiries';
import { apiErrorSchema } from '../../../../../domain/api-error';
import {
  INQUIRY_ATTACHMENT_MAX_BYTES,
  INQUIRY_MAX_ATTACHMENTS,
  INQUIRY_STATES,
} from '../../../../../domain/inquiry';
import {
  assignInquiry,
  createInquiry,
  getInquiryThread,
  type InquiryPorts,
  inquiryAttachmentUrl,
  inquiryStaffMembers,
  listInquiries,
  openInquiryCount,
  orderLinesToAsk,
  replyToInquiry,
  setInquiryState,
} from '../../../../services/inquiries-service';
import { callerOf } from '../caller-of';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const tags = ['inquiries'];

/**
 * Three files of 10 MB, base64 (4 bytes per 3), and the text: the only /inquiries bodies above the
 * app's 1 MB. The caller is resolved by the /api/v1 onRequest hook before the body is read; the
 * route's own hook refuses a request without one (decision 007).
 */
const WITH_FILES_BODY_LIMIT =
  Math.ceil((INQUIRY_ATTACHMENT_MAX_BYTES * INQUIRY_MAX_ATTACHMENTS * 4) / 3) + 64 * 1024;
const signedInFirst = async (request: Parameters<typeof callerOf>[0]) => {
  callerOf(request);
};

/** Requests about order lines and their threads (docs/decisions/032). */
export async function inquiryRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ports = (): InquiryPorts => ({
    db: app.db,
    storage: app.platform.storage,
    downloadTtlSeconds: app.config.DOWNLOAD_URL_TTL_SECONDS,
    mailer: app.platform.mailer,
    config: app.config,
  });

  api.post(
    '',
    {
      bodyLimit: WITH_FILES_BODY_LIMIT,
      onRequest: signedInFirst,
      schema: {
        tags,
        security: bearerSecurity,
        summary: '注文明細についての問い合わせ（同じ注文の明細、添付3件まで）',
        body: createInquiryBodySchema,
        response: {
          200: z.object({ id: z.number() }),
          ...errorAnswers(400, 401, 403, 409),
          413: apiErrorSchema,
        },
      },
    },
    async (request) => createInquiry(ports(), callerOf(request), request.body),
  );

  api.get(
    '',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '問い合わせの一覧（最終更新の新しい順に100件ずつ）',
        querystring: inquiryListQuerySchema,
        response: { 200: inquiryPageSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request) => listInquiries(ports(), callerOf(request), request.query),
  );

  api.get(
    '/open-count',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '未対応の問い合わせの件数（スタッフのナビゲーション）',
        response: { 200: inquiryCountSchema, ...errorAnswers(401, 403, 409) },
      },
    },
    async (request) => openInquiryCount(ports(), callerOf(request)),
  );

  api.get(
    '/order-lines',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '明細と同じ注文の明細（問い合わせで選べる明細）',
        querystring: inquiryLineKeySchema,
        response: { 200: inquiryOrderLinesSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request) => orderLinesToAsk(ports(), callerOf(request), request.query),
  );

  api.get(
    '/staff',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '担当者に指定できるスタッフ（スタッフのみ）',
        response: { 200: inquiryStaffSchema, ...errorAnswers(401, 403, 409) },
      },
    },
    async (request) => inquiryStaffMembers(ports(), callerOf(request)),
  );

  api.get(
    '/:id',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '問い合わせのやりとり',
        params: inquiryIdParamsSchema,
        response: { 200: inquiryThreadSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => getInquiryThread(ports(), callerOf(request), request.params.id),
  );

  api.post(
    '/:id/messages',
    {
      bodyLimit: WITH_FILES_BODY_LIMIT,
      onRequest: signedInFirst,
      schema: {
        tags,
        security: bearerSecurity,
        summary: '問い合わせへの返信（添付3件まで）',
        params: inquiryIdParamsSchema,
        body: replyInquiryBodySchema,
        response: {
          200: z.object({ id: z.number() }),
          ...errorAnswers(400, 401, 403, 404, 409),
          413: apiErrorSchema,
        },
      },
    },
    async (request) => replyToInquiry(ports(), callerOf(request), request.params.id, request.body),
  );

  api.put(
    '/:id/state',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '問い合わせの状態（お客様は完了と再開、スタッフはすべて）',
        params: inquiryIdParamsSchema,
        body: setInquiryStateBodySchema,
        response: {
          200: z.object({ state: z.enum(INQUIRY_STATES), agreed_date: z.string().nullable() }),
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => setInquiryState(ports(), callerOf(request), request.params.id, request.body),
  );

  api.put(
    '/:id/assignee',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '問い合わせの担当者（スタッフのみ）',
        params: inquiryIdParamsSchema,
        body: assignInquiryBodySchema,
        response: {
          200: z.object({ assigned_user_id: z.number().nullable() }),
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      assignInquiry(ports(), callerOf(request), request.params.id, request.body.assigned_user_id),
  );

  api.get(
    '/:id/attachments/:attachmentId/url',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '添付ファイルの短時間有効なダウンロードURL',
        params: inquiryAttachmentParamsSchema,
        response: { 200: inquiryUrlSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      inquiryAttachmentUrl(
        ports(),
        callerOf(request),
        request.params.id,
        request.params.attachmentId,
      ),
  );
}
