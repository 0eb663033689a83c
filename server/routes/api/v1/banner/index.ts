import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addBannerBodySchema,
  bannerSchema,
  deleteBodySchema,
  deletedAnswerSchema,
  listBodySchema,
  updateBannerBodySchema,
} from '../../../../../domain/api/top-content';
import {
  addBanner,
  deleteBanner,
  getBanners,
  updateBanner,
} from '../../../../services/top-content-service';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['banner'];

export async function bannerRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefixes = app.config.urlPrefixes;

  api.post(
    '/get-banner',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'バナー一覧（新しい順）',
        body: listBodySchema,
        response: { 200: z.array(bannerSchema), ...errors },
      },
    },
    async (request) => getBanners(app.db, request, request.body.limit),
  );
  api.post(
    '/add-banner',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'バナーの登録（スタッフのみ）',
        body: addBannerBodySchema,
        response: { 200: bannerSchema, ...errors },
      },
    },
    async (request) => addBanner(app.db, request, request.body, prefixes),
  );
  api.put(
    '/update-banner',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'バナーの更新（スタッフのみ）',
        body: updateBannerBodySchema,
        response: { 200: bannerSchema, ...errors },
      },
    },
    async (request) => updateBanner(app.db, request, request.body, prefixes),
  );
  api.delete(
    '/delete-banner',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'バナーの削除（スタッフのみ）',
        body: deleteBodySchema,
        response: { 200: deletedAnswerSchema, ...errors },
      },
    },
    async (request) => deleteBanner(app.db, request, request.body.id),
  );
}
