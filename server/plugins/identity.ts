import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { normaliseMail } from '../../domain/mail-address';
import {
  type AccessTokenVerifier,
  type Auth,
  createAccessTokenVerifier,
} from '../identity/identity';
import { recordIdentityEvent } from '../identity/identity-events';
import type { PreLoginLimiter } from '../identity/pre-login-limits';
import { cookieSessionOf, providerRequestOf } from '../identity/provider-request';
import { TRUSTED_BROWSER_COOKIE } from '../identity/second-factor';
import { sessionRoutes } from '../routes/auth/session';
import { signInRoutes } from '../routes/auth/sign-in';
import { createSecondFactorGate, type SecondFactorGate } from '../services/auth/second-factor-gate';
import type { CookieSession } from '../services/auth/session';
import type { RequestCaller, SignInDeps } from '../services/auth/sign-in-deps';
import { clientInfoOf } from '../services/caller';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    verifyAccessToken: AccessTokenVerifier['verifyAccessToken'];
    accessTokens: AccessTokenVerifier;
    preLoginLimiter: PreLoginLimiter;
    secondFactorGate: SecondFactorGate;
    /** What the use cases of sign-in, password change and reset need. */
    signInDeps: SignInDeps;
    /** The caller of a pre-login /api/auth route: its client, cookies and limits. */
    requestCallerOf: (request: FastifyRequest) => RequestCaller;
    /** The request's cookie session, or null. */
    cookieSessionOf: (request: FastifyRequest) => Promise<CookieSession | null>;
  }
}

const cookieOf = (request: FastifyRequest, name: string): string | undefined => {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
};

/**
 * The identity provider in the server: its library (`auth`), the access-token verifier, and what
 * the /api/auth routes read a request with; then the routes (server/routes/auth/). Only the
 * endpoints the portal uses are mounted, each at its one spelling; every other path under
 * /api/auth answers 404 (docs/decisions/008). IDENTITY_PROVIDER chooses the provider's part
 * (app.platform.signIn, docs/decisions/011); nothing here depends on which it is.
 */
export const identityPlugin = fp(
  async (app: FastifyInstance, opts: { auth: Auth; limiter: PreLoginLimiter }) => {
    const { auth, limiter } = opts;
    const provider = app.platform.signIn;
    const accessTokens = createAccessTokenVerifier(auth, app.config, app.db, (uid, signedInAt) =>
      provider.isRefused(uid, signedInAt),
    );
    app.decorate('auth', auth);
    app.decorate('accessTokens', accessTokens);
    app.decorate('verifyAccessToken', accessTokens.verifyAccessToken);
    app.decorate('preLoginLimiter', limiter);
    // The second factor sits between the password and the session (docs/decisions/016).
    const secondFactor = await createSecondFactorGate(app.config, app.db, (mail) =>
      provider.credentialsChangedAt(mail),
    );
    app.decorate('secondFactorGate', secondFactor);
    app.decorate('signInDeps', {
      db: app.db,
      provider,
      secondFactor,
      // One after the other, so that the log keeps their order (the failure, then its lock).
      record: async (client, ...events) => {
        for (const event of events) {
          app.platform.metrics.identityEvent(event.action);
          await recordIdentityEvent(app.db, client, event, app.log);
        }
      },
      forgetSessionsOf: (uid) => accessTokens.forgetSessionsOf(uid),
    } satisfies SignInDeps);
    app.decorate(
      'requestCallerOf',
      (request: FastifyRequest): RequestCaller => ({
        client: clientInfoOf(request),
        provider: providerRequestOf(auth, app.config.publicBaseUrl, request),
        limit: (mail) => limiter.assertAllowed(request, mail),
        trustedBrowser: cookieOf(request, TRUSTED_BROWSER_COOKIE),
      }),
    );
    app.decorate('cookieSessionOf', async (request: FastifyRequest) => {
      const found = await cookieSessionOf(auth, request);
      if (!found) return null;
      return {
        sessionId: found.session.id,
        uid: found.user.id,
        mail: normaliseMail(found.user.email),
        signedInAt: new Date(found.session.createdAt),
      };
    });
    await app.register(sessionRoutes);
    await app.register(signInRoutes);
  },
  { name: 'identity', dependencies: ['database'] },
);
