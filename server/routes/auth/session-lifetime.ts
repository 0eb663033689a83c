import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrorSchema } from '../../../domain/api/auth';
import { sessionActivityAnswerSchema } from '../../../domain/api/session';
import { SESSION_ACTIVITY_PATH, SESSION_LEAVE_PATH } from '../../../domain/session-lifetime';
import { sessionLifetimeOfConfig } from '../../config';
import { extendSession, leaveSession as leaveStoredSession } from '../../identity/session-lifetime';
import { keepSessionAlive } from '../../services/auth/keep-session-alive';
import { leaveSession } from '../../services/auth/leave-session';
import type { SessionLifetimeDeps } from '../../services/auth/session-lifetime-deps';
import { assertTrustedOrigin } from './trusted-origin';

const errors = Object.fromEntries([401, 403].map((status) => [status, authErrorSchema]));

/**
 * The cookie session's deadline (decision 034): the screen reports activity, and a page hidden
 * for good announces that it leaves (sent with `sendBeacon`, so its answer is never read). Both
 * are cookie-session routes: a request from another origin is refused, as the provider refuses
 * its own, so that no other site can end or keep a session.
 */
export async function sessionLifetimeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lifetime = sessionLifetimeOfConfig(app.config);
  const deps: SessionLifetimeDeps = {
    extend: (sessionId) => extendSession(app.db, lifetime, sessionId),
    leave: (sessionId) => leaveStoredSession(app.db, lifetime, sessionId),
  };
  const schema = { tags: ['auth'] } as const;

  api.post(
    SESSION_ACTIVITY_PATH,
    {
      schema: {
        ...schema,
        summary: '操作があったことを伝え、ログインを続ける',
        response: { 200: sessionActivityAnswerSchema, ...errors },
      },
    },
    async (request) => {
      assertTrustedOrigin(request, app.config.trustedOrigins);
      return keepSessionAlive(deps, await app.authSessionOf(request));
    },
  );

  api.post(
    SESSION_LEAVE_PATH,
    {
      schema: {
        ...schema,
        summary: '画面を閉じた（ログアウトまでの猶予）',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      assertTrustedOrigin(request, app.config.trustedOrigins);
      await leaveSession(deps, await app.authSessionOf(request));
      return reply.status(204).send(null);
    },
  );
}
