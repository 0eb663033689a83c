import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  resetSecondFactorAnswerSchema,
  resetSecondFactorBodySchema,
} from '../../../../../domain/api/second-factor';
import { resetSecondFactor } from '../../../../services/users/reset-second-factor';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const errors = errorAnswers(400, 401, 403, 404);

/** Staff reset another person's second factor (docs/decisions/016). */
export async function userSecondFactorRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.put(
    '/reset-second-factor',
    {
      schema: {
        tags: ['user'],
        security: bearerSecurity,
        summary: '2段階認証のリセット（スタッフのみ。ご自身のものは不可）',
        body: resetSecondFactorBodySchema,
        response: { 200: resetSecondFactorAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const agent = request.headers['user-agent'];
      return resetSecondFactor(
        { db: app.db },
        request.caller!,
        { id: request.body.id },
        {
          ipAddress: request.ip || null,
          userAgent: typeof agent === 'string' && agent !== '' ? agent.slice(0, 512) : null,
        },
      );
    },
  );
}
