import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { recordIdentityEvent } from '../identity/identity-events';
import { pendingOfSession } from '../identity/second-factor';
import { secondFactorRoutes } from '../routes/auth/second-factor';
import type { SecondFactorDeps, SessionCaller } from '../services/auth/second-factor-deps';
import { clientInfoOf } from '../services/caller';

declare module 'fastify' {
  interface FastifyInstance {
    secondFactorDeps: SecondFactorDeps;
    /** The caller of an /api/auth route: the request's cookie session (401 without one). */
    authSessionOf: (request: FastifyRequest) => Promise<SessionCaller>;
  }
}

/**
 * The second factor's part of /api/auth (docs/decisions/016, 025): reads the cookie session of a
 * request as the caller of the second factor's use cases (`authSessionOf`), gives them their
 * dependencies (`secondFactorDeps`), and registers their routes (server/routes/auth/).
 */
export const secondFactorPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app;
    const deps: SecondFactorDeps = {
      db,
      keys: app.secondFactorGate.keys,
      config: app.config,
      identity: app.platform.identity,
      record: async (client, ...events) => {
        await Promise.all(
          events.map((event) => {
            app.platform.metrics.identityEvent(event.action);
            return recordIdentityEvent(db, client, event, app.log);
          }),
        );
      },
    };
    app.decorate('secondFactorDeps', deps);
    app.decorate('authSessionOf', async (request: FastifyRequest): Promise<SessionCaller> => {
      const found = await app.cookieSessionOf(request);
      if (!found) throw new HttpError(401, 'UNAUTHORIZED');
      return {
        ...found,
        pending: await pendingOfSession(db, found.sessionId),
        client: clientInfoOf(request),
      };
    });
    await app.register(secondFactorRoutes);
  },
  { name: 'second-factor', dependencies: ['identity'] },
);
