import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addNoticeBodySchema,
  deleteBodySchema,
  deletedAnswerSchema,
  listBodySchema,
  noticeSchema,
  updateNoticeBodySchema,
} from '../../../../../domain/api/top-content';
import {
  addNotice,
  deleteNotice,
  getNotices,
  updateNotice,
} from '../../../../services/top-content-service';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['notice'];

export async function noticeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefixes = app.config.urlPrefixes;

  api.post(
    '/get-notice',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'お知らせ一覧（表示日の新しい順）',
        body: listBodySchema,
        response: { 200: z.array(noticeSchema), ...errors },
      },
    },
    async (request) => getNotices(app.db, request, request.body.limit),
  );
  api.post(
    '/add-notice',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'お知らせの登録（スタッフのみ）',
        body: addNoticeBodySchema,
        response: { 200: noticeSchema, ...errors },
      },
    },
    async (request) => addNotice(app.db, request, request.body, prefixes),
  );
  api.put(
    '/update-notice',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'お知らせの更新（スタッフのみ）',
        body: updateNoticeBodySchema,
        response: { 200: noticeSchema, ...errors },
      },
    },
    async (request) => updateNotice(app.db, request, request.body, prefixes),
  );
  api.delete(
    '/delete-notice',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'お知らせの削除（スタッフのみ）',
        body: deleteBodySchema,
        response: { 200: deletedAnswerSchema, ...errors },
      },
    },
    async (request) => deleteNotice(app.db, request, request.body.id),
  );
}
