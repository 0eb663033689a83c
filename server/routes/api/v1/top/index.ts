import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { drawingsAccessSchema } from '../../../../../domain/api/top-content';
import { drawingsAccess } from '../../../../services/top-content-service';
import { callerOf } from '../caller-of';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const errors = errorAnswers(401, 403, 409);

/** /top: what the top page shows besides its notices and banners. */
export async function topRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const drawings = { url: app.config.DRAWINGS_URL, password: app.config.DRAWINGS_PASSWORD };

  api.get(
    '/drawings',
    {
      schema: {
        tags: ['top'],
        security: bearerSecurity,
        summary: '図面・防火認定書のサイトとそのパスワード（TOPページのタイル）',
        description:
          'ログインしている人だけが読めます（以前は誰でも読めるページの設定に含まれていました）。',
        response: { 200: drawingsAccessSchema, ...errors },
      },
    },
    async (request) => drawingsAccess(drawings, callerOf(request)),
  );
}
