import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOGIN_MESSAGES } from '../../domain/messages';
import { meetsPasswordPolicy } from '../../domain/password-policy';
import { HttpError } from '../errors';
import {
  AUTH_BASE_PATH,
  type Auth,
  createAccessTokenVerifier,
  mailDeliveries,
} from '../identity/identity';
import {
  clearLoginFailures,
  isAccountLocked,
  normaliseMail,
  recordLoginFailure,
} from '../identity/lockout';
import type { PreLoginLimiter } from '../identity/pre-login-limits';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    verifyAccessToken: ReturnType<typeof createAccessTokenVerifier>;
    preLoginLimiter: PreLoginLimiter;
  }
}

async function forward(auth: Auth, request: FastifyRequest, base: string): Promise<Response> {
  const url = new URL(request.url, base);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body != null;
  return auth.handler(
    new Request(url, {
      method: request.method,
      headers: fromNodeHeaders(request.headers),
      ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
    }),
  );
}

async function sendResponse(reply: FastifyReply, response: Response, body?: unknown) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  // Every cookie the identity sets must reach the browser, not only the first.
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (body !== undefined) return reply.type('application/json; charset=utf-8').send(body);
  const text = await response.text();
  return reply.send(text.length ? text : null);
}

export const MAIL_UNAVAILABLE_MESSAGE =
  'メールを送信できませんでした。時間をおいて再度お試しください。';

const wrongCredentials = (extra: Record<string, unknown> = {}) => ({
  code: 'INVALID_EMAIL_OR_PASSWORD',
  message: LOGIN_MESSAGES.wrongCredentials,
  ...extra,
});

/**
 * Mounts the identity provider under /api/auth. Sign-in passes through the server's own checks
 * first: pre-login rate limits, the account lock, the password format; then the provider; then the
 * failure count that locks the account at the 5th failure (DESIGN.md §2).
 */
export const identityPlugin = fp(
  async (app: FastifyInstance, opts: { auth: Auth; limiter: PreLoginLimiter }) => {
    const { auth } = opts;
    const base = app.config.publicBaseUrl;
    app.decorate('auth', auth);
    app.decorate('verifyAccessToken', createAccessTokenVerifier(auth, app.config));
    app.decorate('preLoginLimiter', opts.limiter);

    app.post(
      `${AUTH_BASE_PATH}/sign-in/email`,
      { schema: { hide: true } },
      async (request, reply) => {
        const body = (request.body ?? {}) as { email?: unknown; password?: unknown };
        const email = typeof body.email === 'string' ? normaliseMail(body.email) : '';
        const password = typeof body.password === 'string' ? body.password : '';
        await opts.limiter.assertAllowed(request, email);

        if (email && (await isAccountLocked(app.db, email))) {
          return reply.status(423).send({ code: 'ACCOUNT_LOCKED', message: LOGIN_MESSAGES.locked });
        }
        if (!email || !meetsPasswordPolicy(password)) {
          // Spec §5: a password of the wrong format is a failed login like any other.
          const { lockedNow } = email
            ? await recordLoginFailure(app.db, email)
            : { lockedNow: false };
          return reply
            .status(401)
            .send(wrongCredentials(lockedNow ? { account_locked: true } : {}));
        }

        const response = await forward(auth, request, base);
        if (response.status === 401) {
          const { lockedNow } = await recordLoginFailure(app.db, email);
          return sendResponse(
            reply,
            response,
            wrongCredentials(lockedNow ? { account_locked: true } : {}),
          );
        }
        if (response.ok) await clearLoginFailures(app.db, email);
        return sendResponse(reply, response);
      },
    );

    app.post(
      `${AUTH_BASE_PATH}/request-password-reset`,
      { schema: { hide: true } },
      async (request, reply) => {
        const body = (request.body ?? {}) as { email?: unknown };
        const email = typeof body.email === 'string' ? normaliseMail(body.email) : '';
        await opts.limiter.assertAllowed(request, email);
        // The reset mail is sent in the background: wait for it, so that a mail server that is
        // away gives the person an error instead of a "mail sent" page (decision 006).
        const deliveries: Promise<void>[] = [];
        const response = await mailDeliveries.run(deliveries, () => forward(auth, request, base));
        await new Promise((resolve) => setImmediate(resolve));
        const failed = (await Promise.allSettled(deliveries)).find((d) => d.status === 'rejected');
        if (failed) {
          request.log.error({ err: failed.reason }, 'password reset mail could not be sent');
          throw new HttpError(503, 'MAIL_UNAVAILABLE', MAIL_UNAVAILABLE_MESSAGE, {}, 60);
        }
        return sendResponse(reply, response);
      },
    );

    app.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      schema: { hide: true },
      handler: async (request, reply) => sendResponse(reply, await forward(auth, request, base)),
    });
  },
  { name: 'identity', dependencies: ['database'] },
);
