import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  liftedLockSchema,
  resentInvitationSchema,
  userActionBodySchema,
} from '../../../../../domain/api/user';
import { liftLockOfUser } from '../../../../services/users/lift-account-lock';
import { resendInvitation } from '../../../../services/users/resend-invitation';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const tags = ['user'];

/**
 * The managers page's actions on a person's signing in: the invitation sent again, the account
 * lock lifted. Staff for anyone; an administrator for the people of their corporation, never a
 * staff account.
 */
export async function userSignInStateRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.put(
    '/resend-invitation',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '招待メールの再送（まだログインしていない利用者）',
        description:
          '既にログインした利用者には 409 ALREADY_SIGNED_IN、アカウントのない行には 409 NO_ACCOUNT。',
        body: userActionBodySchema,
        response: { 200: resentInvitationSchema, ...errorAnswers(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      resendInvitation(
        {
          db: app.db,
          identity: app.platform.identity,
          mailer: app.platform.mailer,
          config: app.config,
          log: request.log,
        },
        request.caller!,
        { id: request.body.id },
      ),
  );
  api.put(
    '/unlock-account',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'アカウントロックの解除',
        description:
          'lifted: ロックがかかっていて解除したとき true（かかっていなければ何もせず false）。',
        body: userActionBodySchema,
        response: { 200: liftedLockSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) =>
      liftLockOfUser({ db: app.db }, request.caller!, { id: request.body.id }, clientOf(request)),
  );
}

function clientOf(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return {
    ipAddress: request.ip || null,
    userAgent: typeof agent === 'string' && agent !== '' ? agent.slice(0, 512) : null,
  };
}
