import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { normaliseMail } from '../../domain/mail-address';
import { SECOND_FACTOR_MESSAGES } from '../../domain/second-factor';
import type { Config } from '../config';
import { HttpError } from '../errors';
import { type Auth, identitySecret } from '../identity/identity';
import { recordIdentityEvent } from '../identity/identity-events';
import type { PreLoginLimiter } from '../identity/pre-login-limits';
import {
  isTrustedBrowser,
  markSessionPending,
  type PendingSecondFactor,
  pendingOfSession,
  type SecondFactorKeys,
  secondFactorKeys,
  TRUSTED_BROWSER_COOKIE,
} from '../identity/second-factor';
import { secondFactorNeeded } from '../repositories/second-factor-repository';
import { secondFactorRoutes } from '../routes/auth/second-factor';
import type { SecondFactorDeps, SessionCaller } from '../services/auth/second-factor-deps';
import { clientInfoOf } from '../services/caller';

declare module 'fastify' {
  interface FastifyInstance {
    secondFactorGate: SecondFactorGate;
    secondFactorDeps: SecondFactorDeps;
    /** The caller of an /api/auth route: the request's cookie session (401 without one). */
    authSessionOf: (request: FastifyRequest) => Promise<SessionCaller>;
  }
}

const cookieOf = (request: FastifyRequest, name: string): string | undefined => {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
};

/**
 * What the sign-in route asks between the password and the session (docs/decisions/016): whether
 * this person's new session must wait for a second factor, and then holding it.
 */
export async function createSecondFactorGate(
  config: Config,
  db: Database,
  /**
   * When the provider last changed the person's credentials on its own (Firebase: a password set
   * through Firebase's flows); a trusted browser marked before it asks for the code again.
   */
  credentialsChangedAt?: (mail: string) => Promise<Date | null>,
) {
  const keys: SecondFactorKeys = secondFactorKeys(await identitySecret(config, db));
  return {
    keys,
    /**
     * After a right password: 'code' when the person has a factor (unless this browser is
     * trusted for it), 'enrol' for staff without one under STAFF_SECOND_FACTOR=required.
     */
    async pendingAfterPassword(
      request: FastifyRequest,
      mail: string,
    ): Promise<PendingSecondFactor | null> {
      const needed = await secondFactorNeeded(db, mail, config.STAFF_SECOND_FACTOR);
      const cookie = cookieOf(request, TRUSTED_BROWSER_COOKIE);
      if (needed.pending === 'code' && isTrustedBrowser(keys, cookie, mail, needed.factorId!)) {
        // Only a mark good otherwise costs a question to the provider.
        const since = (await credentialsChangedAt?.(mail)) ?? null;
        if (isTrustedBrowser(keys, cookie, mail, needed.factorId!, Date.now(), since)) return null;
      }
      return needed.pending;
    },
    /**
     * The provider's answer to a right password: its session is marked as waiting before the
     * answer (and so the cookie) leaves, and the answer says what is awaited.
     */
    async holdSession(response: Response, pending: PendingSecondFactor): Promise<unknown> {
      const body = (await response.clone().json()) as { token?: unknown };
      if (typeof body.token !== 'string' || !(await markSessionPending(db, body.token, pending))) {
        throw new Error('the new session could not be held for its second factor');
      }
      // The session token goes in the cookie only: a waiting session's answer carries no token.
      const { token: _token, ...rest } = body;
      return { ...rest, second_factor: pending };
    },
    /** Whether the session still waits for its second factor. */
    async isPending(sessionId: string): Promise<boolean> {
      return (await pendingOfSession(db, sessionId)) !== null;
    },
    /** For routes a waiting session must not use: /token, the password change. */
    async refusePendingSession(sessionId: string): Promise<void> {
      if (await pendingOfSession(db, sessionId)) {
        throw new HttpError(403, 'SECOND_FACTOR_REQUIRED', SECOND_FACTOR_MESSAGES.pending);
      }
    },
  };
}
export type SecondFactorGate = Awaited<ReturnType<typeof createSecondFactorGate>>;

/**
 * The second factor's part of /api/auth (docs/decisions/016, 025): reads the cookie session of a
 * request as the caller of the second factor's use cases (`authSessionOf`), gives them their
 * dependencies (`secondFactorDeps`), and registers their routes (server/routes/auth/).
 */
export const secondFactorPlugin = fp(
  async (app: FastifyInstance, opts: { auth: Auth; limiter: PreLoginLimiter }) => {
    const { auth } = opts;
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
      const found = await auth.api
        .getSession({ headers: fromNodeHeaders(request.headers) })
        .catch(() => null);
      if (!found) throw new HttpError(401, 'UNAUTHORIZED');
      return {
        sessionId: found.session.id,
        signedInAt: new Date(found.session.createdAt),
        uid: found.user.id,
        mail: normaliseMail(found.user.email),
        pending: await pendingOfSession(db, found.session.id),
        client: clientInfoOf(request),
      };
    });
    await app.register(secondFactorRoutes);
  },
  { name: 'second-factor', dependencies: ['identity'] },
);
