import { setTimeout as sleep } from 'node:timers/promises';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { normaliseMail } from '../../domain/mail-address';
import { LOGIN_MESSAGES } from '../../domain/messages';
import {
  meetsPasswordPolicy,
  newPasswordRefusal,
  PASSWORD_POLICY_TEXT,
} from '../../domain/password-policy';
import { HttpError } from '../errors';
import {
  checkFirebasePassword,
  confirmFirebasePasswordReset,
  createFirebaseIdentity,
} from '../identity/firebase-identity';
import { FORWARDED_SIGN_IN_HEADER, FORWARDED_SIGN_IN_KEY } from '../identity/firebase-sign-in';
import {
  type AccessTokenVerifier,
  AUTH_BASE_PATH,
  type Auth,
  createAccessTokenVerifier,
  identityOfResetToken,
  VERIFICATION_LINK_VALID_SECONDS,
} from '../identity/identity';
import {
  type IdentityEvent,
  recordIdentityEvent,
  wrongSignInReason,
} from '../identity/identity-events';
import {
  IdentityProviderUnavailableError,
  RESET_LINK_VALID_SECONDS,
} from '../identity/identity-port';
import { passwordResetMail, verificationMail } from '../identity/mail-templates';
import type { PreLoginLimiter } from '../identity/pre-login-limits';
import type { PendingSecondFactor } from '../identity/second-factor';
import type { Mailer } from '../mail/mail-port';
import { liftAccountLock } from '../repositories/account-lock-repository';
import { endTrustedBrowsers } from '../repositories/second-factor-repository';
import { findRowsByUid } from '../repositories/users-repository';
import {
  countedPasswordCheck,
  type PasswordVerdict,
} from '../services/auth/counted-password-check';
import { clientInfoOf } from '../services/caller';
import { createSecondFactorGate } from './second-factor';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    verifyAccessToken: AccessTokenVerifier['verifyAccessToken'];
    accessTokens: AccessTokenVerifier;
    preLoginLimiter: PreLoginLimiter;
  }
}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

/**
 * A mail request (reset, verification) answers no sooner than this after it arrived, whether the
 * address has an account or not, so that its time tells nothing (docs/decisions/008).
 */
export const MAIL_REQUEST_ANSWER_MS = 500;

const wrongCredentials = (extra: Record<string, unknown> = {}) => ({
  code: 'INVALID_EMAIL_OR_PASSWORD',
  message: LOGIN_MESSAGES.wrongCredentials,
  ...extra,
});

const lockedAnswer = { code: 'ACCOUNT_LOCKED', message: LOGIN_MESSAGES.locked };

/**
 * Hands a request to the identity provider at the canonical address of the endpoint the route
 * stands for. The provider reads its own path from the URL it is given and would take
 * `/api/auth/./sign-in/email` for `/sign-in/email`; it is never given the spelling the client
 * sent, only the route's own path and the query string.
 */
async function forward(
  auth: Auth,
  request: FastifyRequest,
  base: string,
  endpoint: string,
  body: unknown = request.body,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const url = new URL(`${AUTH_BASE_PATH}${endpoint}`, base);
  const query = request.url.indexOf('?');
  if (query >= 0) url.search = request.url.slice(query);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && body != null;
  const headers = fromNodeHeaders(request.headers);
  headers.delete(FORWARDED_SIGN_IN_HEADER);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  return auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(body) } : {}),
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

async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

const mailOf = (body: unknown): string => {
  const email = (body ?? {}) as { email?: unknown };
  return typeof email.email === 'string' ? normaliseMail(email.email) : '';
};

/**
 * Mounts the identity provider under /api/auth: only the endpoints the portal uses, each at its
 * one spelling; every other path under /api/auth answers 404 (docs/decisions/008). Sign-in and
 * password change pass through the server's own checks: pre-login rate limits, the account lock
 * (a password check is counted before it is made, so at most five are made before the lock), the
 * password format; then the provider. Mail requests are rate-limited too and answer in the same
 * time whether the address has an account or not.
 */
export const identityPlugin = fp(
  async (app: FastifyInstance, opts: { auth: Auth; limiter: PreLoginLimiter; mailer: Mailer }) => {
    const { auth, limiter, mailer } = opts;
    const base = app.config.publicBaseUrl;
    // IDENTITY_PROVIDER=firebase: Firebase holds the credentials, the portal its sessions
    // (docs/decisions/011). The port is stateless: this one and the platform's are the same.
    const firebase =
      app.config.IDENTITY_PROVIDER === 'firebase'
        ? createFirebaseIdentity(app.config, app.db)
        : null;
    const accessTokens = createAccessTokenVerifier(
      auth,
      app.config,
      app.db,
      firebase ? (uid, signedInAt) => firebase.isRefused(uid, signedInAt) : undefined,
    );
    app.decorate('auth', auth);
    app.decorate('accessTokens', accessTokens);
    app.decorate('verifyAccessToken', accessTokens.verifyAccessToken);
    app.decorate('preLoginLimiter', limiter);
    // The second factor sits between the password and the session (docs/decisions/016).
    const secondFactor = await createSecondFactorGate(
      app.config,
      app.db,
      firebase ? (mail) => firebase.credentialsChangedAt(mail) : undefined,
    );
    app.decorate('secondFactorGate', secondFactor);

    // Sign-in, lock, password change and reset, sign-out: recorded in the audit log in one shape
    // (server/identity/identity-events.ts), with the request's address and browser.
    // One after the other, so that the log keeps their order (the failure, then the lock it set).
    const record = async (request: FastifyRequest, ...events: IdentityEvent[]) => {
      for (const event of events) {
        app.platform.metrics.identityEvent(event.action);
        await recordIdentityEvent(app.db, clientInfoOf(request), event, request.log);
      }
    };
    /** A wrong password (or an unknown address), and the lock when this very failure set it. */
    const recordWrongSignIn = async (request: FastifyRequest, mail: string, lockedNow: boolean) =>
      record(
        request,
        {
          action: 'auth.sign-in-failed',
          mail,
          reason: await wrongSignInReason(app.db, mail),
        },
        ...(lockedNow ? [{ action: 'auth.lock', mail } as const] : []),
      );

    const passThrough = (method: 'GET' | 'POST', endpoint: string) =>
      app.route({
        method,
        url: `${AUTH_BASE_PATH}${endpoint}`,
        schema: { hide: true },
        handler: async (request, reply) =>
          sendResponse(reply, await forward(auth, request, base, endpoint)),
      });

    // The signed-in session: access tokens and their keys, the session itself.
    // A session still waiting for its second factor gets no access token.
    app.get(`${AUTH_BASE_PATH}/token`, { schema: { hide: true } }, async (request, reply) => {
      const session = await auth.api
        .getSession({ headers: fromNodeHeaders(request.headers) })
        .catch(() => null);
      if (session) await secondFactor.refusePendingSession(session.session.id);
      // Under Firebase, a session from before the credentials changed there (a password changed
      // at Firebase, its tokens revoked) gets no new token: it has just been ended.
      if (
        session &&
        firebase &&
        (await firebase
          .isRefused(session.user.id, new Date(session.session.createdAt))
          .catch((err: unknown) => {
            throw Object.assign(new HttpError(503, 'SERVICE_UNAVAILABLE', undefined, {}, 5), {
              cause: err,
            });
          }))
      ) {
        accessTokens.forgetSessionsOf(session.user.id);
        throw new HttpError(401, 'UNAUTHORIZED');
      }
      return sendResponse(reply, await forward(auth, request, base, '/token'));
    });
    passThrough('GET', '/jwks');
    // The session behind the cookie. A session waiting for its second factor is answered without
    // anything that stands for it elsewhere: no access token (the provider's set-auth-jwt header,
    // off for every session: tokens come from /token only) and no session token in the body.
    app.get(`${AUTH_BASE_PATH}/get-session`, { schema: { hide: true } }, async (request, reply) => {
      const response = await forward(auth, request, base, '/get-session');
      const answer = (await response
        .clone()
        .json()
        .catch(() => null)) as { session?: { id?: unknown; token?: unknown } } | null;
      const sessionId = answer?.session?.id;
      if (typeof sessionId !== 'string' || !(await secondFactor.isPending(sessionId))) {
        return sendResponse(reply, response);
      }
      const { token: _token, ...session } = answer!.session!;
      return sendResponse(reply, response, { ...answer, session });
    });
    // Links in mails: the reset (and invitation) link, the verification link.
    app.get(
      `${AUTH_BASE_PATH}/reset-password/:token`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { token } = request.params as { token: string };
        return sendResponse(
          reply,
          await forward(auth, request, base, `/reset-password/${encodeURIComponent(token)}`),
        );
      },
    );
    passThrough('GET', '/verify-email');

    app.post(`${AUTH_BASE_PATH}/sign-out`, { schema: { hide: true } }, async (request, reply) => {
      const session = await auth.api
        .getSession({ headers: fromNodeHeaders(request.headers) })
        .catch(() => null);
      const response = await forward(auth, request, base, '/sign-out');
      if (session) accessTokens.forgetSessionsOf(session.user.id);
      if (session && response.ok) {
        await record(request, { action: 'auth.sign-out', mail: session.user.email });
      }
      return sendResponse(reply, response);
    });

    app.post(
      `${AUTH_BASE_PATH}/sign-in/email`,
      { schema: { hide: true } },
      async (request, reply) => {
        const email = mailOf(request.body);
        const body = (request.body ?? {}) as { password?: unknown };
        const password = typeof body.password === 'string' ? body.password : '';
        await limiter.assertAllowed(request, email);
        if (!email) return reply.status(401).send(wrongCredentials());

        let pending: PendingSecondFactor | null = null;
        const check = await countedPasswordCheck(app.db, email, async () => {
          // docs/product.md §5: a password of the wrong format is a failed login like any other.
          if (!meetsPasswordPolicy(password)) return { verdict: 'wrong', result: null };
          const response = firebase
            ? await forward(
                auth,
                request,
                base,
                '/sign-in/firebase',
                { email, password },
                { [FORWARDED_SIGN_IN_HEADER]: FORWARDED_SIGN_IN_KEY },
              )
            : await forward(auth, request, base, '/sign-in/email');
          // Refused for another reason than the password (mail not verified, a mail it cannot
          // read): not judged, the check is given back.
          const verdict: PasswordVerdict =
            response.status === 401 ? 'wrong' : response.ok ? 'right' : 'unjudged';
          // A right password with a second factor to come: the count is neither cleared nor
          // raised until the code is checked, which counts under the same lock (decision 016).
          if (verdict === 'right') {
            pending = await secondFactor.pendingAfterPassword(request, email);
            if (pending) return { verdict: 'unjudged', result: response };
          }
          return { verdict, result: response };
        });
        if (check.locked) {
          await record(request, { action: 'auth.sign-in-failed', mail: email, reason: 'locked' });
          return reply.status(423).send(lockedAnswer);
        }
        const { result: response, lockedNow } = check;
        const failure = wrongCredentials(lockedNow ? { account_locked: true } : {});
        if (response === null || response.status === 401) {
          await recordWrongSignIn(request, email, lockedNow);
          if (response === null) return reply.status(401).send(failure);
          return sendResponse(reply, response, failure);
        }
        // A sign-in still waiting for its second factor is recorded once the code is checked.
        if (response.ok && !pending) {
          await record(request, { action: 'auth.sign-in', mail: email });
        } else if (
          response.status === 403 &&
          (await errorCodeOf(response)) === 'EMAIL_NOT_VERIFIED'
        ) {
          await record(request, {
            action: 'auth.sign-in-failed',
            mail: email,
            reason: 'not-verified',
          });
        }
        // The session waits for its second factor before the answer (and its cookie) leaves.
        if (response.ok && pending) {
          return sendResponse(reply, response, await secondFactor.holdSession(response, pending));
        }
        return sendResponse(reply, response);
      },
    );

    // A signed-in password change checks the current password: counted like a sign-in (a stolen
    // session must not be a way around the lock), and it ends every other session.
    app.post(
      `${AUTH_BASE_PATH}/change-password`,
      { schema: { hide: true } },
      async (request, reply) => {
        const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
        if (!session) throw new HttpError(401, 'UNAUTHORIZED');
        await secondFactor.refusePendingSession(session.session.id);
        const email = normaliseMail(session.user.email);
        if (firebase) firebaseNewPasswordCheck(request.body);
        const check = await countedPasswordCheck(app.db, email, async () => {
          const response = firebase
            ? await firebaseChangePassword(request, session.user.id, email)
            : await forward(auth, request, base, '/change-password', {
                ...(request.body as object),
                revokeOtherSessions: true,
              });
          const verdict: PasswordVerdict =
            response.status === 400 && (await errorCodeOf(response)) === 'INVALID_PASSWORD'
              ? 'wrong'
              : response.ok
                ? 'right'
                : 'unjudged';
          return { verdict, result: { response, verdict } };
        });
        const change = (success: boolean, reason?: 'locked' | 'wrong-password') =>
          record(request, { action: 'auth.password-change', mail: email, success, reason });
        if (check.locked) {
          await change(false, 'locked');
          return reply.status(423).send(lockedAnswer);
        }
        const { response, verdict } = check.result;
        if (verdict === 'wrong') {
          await change(false, 'wrong-password');
          if (check.lockedNow) await record(request, { action: 'auth.lock', mail: email });
          return sendResponse(reply, response, {
            code: 'INVALID_PASSWORD',
            message: LOGIN_MESSAGES.wrongCredentials,
            ...(check.lockedNow ? { account_locked: true } : {}),
          });
        }
        if (verdict === 'right') {
          accessTokens.forgetSessionsOf(session.user.id);
          // As every other session ends, so does every browser trusted to skip the code.
          await endTrustedBrowsers(app.db, email);
          await change(true);
        }
        return sendResponse(reply, response);
      },
    );

    // The mail's link sets the new password; the provider ends every session of the identity.
    app.post(
      `${AUTH_BASE_PATH}/reset-password`,
      { schema: { hide: true } },
      async (request, reply) => {
        await limiter.assertAllowed(request, '');
        const body = (request.body ?? {}) as { token?: unknown; newPassword?: unknown };
        const query = request.query as { token?: unknown };
        const token = typeof body.token === 'string' ? body.token : query.token;
        if (firebase) {
          const done = await firebasePasswordReset(
            typeof token === 'string' ? token : '',
            typeof body.newPassword === 'string' ? body.newPassword : undefined,
          );
          await record(request, { action: 'auth.password-reset', mail: done.mail });
          return reply.send({ status: done.status });
        }
        const uid = typeof token === 'string' ? await identityOfResetToken(app.db, token) : null;
        const response = await forward(auth, request, base, '/reset-password');
        if (response.ok && uid) {
          accessTokens.forgetSessionsOf(uid);
          const [row] = await findRowsByUid(app.db, uid).catch(() => []);
          if (row) await record(request, { action: 'auth.password-reset', mail: row.mail });
        }
        return sendResponse(reply, response);
      },
    );

    /**
     * A reset or invitation link under Firebase: its token is the code Firebase made. The password
     * policy is the portal's (docs/product.md §5), Firebase sets the password, and then, as the
     * built-in provider does: the mail counts as verified, the lock is lifted, every session ends.
     */
    const firebasePasswordReset = async (code: string, newPassword: unknown) => {
      const refusal = newPasswordRefusal(newPassword);
      if (refusal || typeof newPassword !== 'string') {
        throw new HttpError(400, 'PASSWORD_POLICY', refusal ?? PASSWORD_POLICY_TEXT);
      }
      const invalidToken = () => new HttpError(400, 'INVALID_TOKEN', 'Invalid token');
      if (!code) throw invalidToken();
      let mail: string | null;
      try {
        mail = await confirmFirebasePasswordReset(app.config, code, newPassword);
      } catch (err) {
        if (!(err instanceof IdentityProviderUnavailableError)) throw err;
        throw Object.assign(new HttpError(503, 'SERVICE_UNAVAILABLE', undefined, {}, 5), {
          cause: err,
        });
      }
      if (!mail) throw invalidToken();
      const port = firebase!;
      const uid = await port.findUidByMail(mail);
      if (uid) {
        await port.markMailVerified(uid);
        await port.endSessions(uid);
        accessTokens.forgetSessionsOf(uid);
      }
      await liftAccountLock(app.db, mail);
      await endTrustedBrowsers(app.db, mail);
      return { status: true, mail };
    };

    /** The new password of a change under Firebase: the portal's policy, as the built-in hook checks it. */
    const firebaseNewPasswordCheck = (body: unknown) => {
      const { newPassword } = (body ?? {}) as { newPassword?: unknown };
      const refusal = newPasswordRefusal(newPassword);
      if (refusal) throw new HttpError(400, 'PASSWORD_POLICY', refusal);
    };

    /**
     * A signed-in password change under Firebase, answered as the built-in /change-password
     * answers: Firebase checks the current password (400 INVALID_PASSWORD when wrong), sets the new
     * one, every session of the person ends, and the changing browser goes on with a new session
     * (its cookie in the answer), made by signing in with the new password.
     */
    const firebaseChangePassword = async (
      request: FastifyRequest,
      uid: string,
      email: string,
    ): Promise<Response> => {
      const port = firebase!;
      const { currentPassword, newPassword } = request.body as {
        currentPassword?: unknown;
        newPassword: string;
      };
      const current = typeof currentPassword === 'string' ? currentPassword : '';
      let checked: Awaited<ReturnType<typeof checkFirebasePassword>> = { kind: 'wrong' };
      try {
        if (meetsPasswordPolicy(current)) {
          checked = await checkFirebasePassword(app.config, email, current);
        }
      } catch (err) {
        if (!(err instanceof IdentityProviderUnavailableError)) throw err;
        throw Object.assign(new HttpError(503, 'SERVICE_UNAVAILABLE', undefined, {}, 5), {
          cause: err,
        });
      }
      if (checked.kind === 'wrong' || checked.uid !== uid) {
        return Response.json(
          { code: 'INVALID_PASSWORD', message: 'Invalid password' },
          { status: 400 },
        );
      }
      await port.setPassword(uid, newPassword);
      await port.endSessions(uid);
      accessTokens.forgetSessionsOf(uid);
      return forward(
        auth,
        request,
        base,
        '/sign-in/firebase',
        { email, password: newPassword },
        { [FORWARDED_SIGN_IN_HEADER]: FORWARDED_SIGN_IN_KEY },
      );
    };

    /**
     * Reset and verification mails: limited per client address and per mail like a sign-in. The
     * mail goes to the outbox and is delivered by its worker, retried while the mail server is
     * away (docs/decisions/014): the answer is the same for every address whether the mail server
     * answers or not, and waits for a fixed floor, so that neither its status nor its time tells
     * which addresses have an account.
     */
    const mailRequest = (endpoint: string) =>
      app.post(
        `${AUTH_BASE_PATH}${endpoint}`,
        { schema: { hide: true } },
        async (request, reply) => {
          const started = performance.now();
          await limiter.assertAllowed(request, mailOf(request.body));
          const response = firebase
            ? await firebaseMailRequest(endpoint, mailOf(request.body))
            : await forward(auth, request, base, endpoint);
          const wait = MAIL_REQUEST_ANSWER_MS - (performance.now() - started);
          if (wait > 0) await sleep(wait);
          return sendResponse(reply, response);
        },
      );
    /**
     * The same mail requests under Firebase: Firebase makes the link (its action handler, then the
     * login screen), the portal sends its own mail with it, after the answer, as the built-in
     * provider does; the answer is the built-in provider's, whoever asks.
     */
    const firebaseMailRequest = async (endpoint: string, mail: string): Promise<Response> => {
      const port = firebase!;
      const reset = endpoint === '/request-password-reset';
      const answer = Response.json(
        reset
          ? {
              status: true,
              message: 'If this email exists in our system, check your email for the reset link',
            }
          : { status: true },
      );
      if (!mail) return answer;
      const uid = await port.findUidByMail(mail);
      if (!uid) return answer;
      void (async () => {
        const identity = await port.getIdentity(uid);
        if (!identity || identity.disabled) return;
        if (reset) {
          const link = await port.resetLink(uid);
          await mailer.send(
            { to: mail, ...passwordResetMail(app.config, identity.name, link) },
            { kind: 'password-reset', expiresAt: inSeconds(RESET_LINK_VALID_SECONDS) },
          );
        } else if (!identity.mailVerified) {
          const link = await port.verificationLink(uid);
          await mailer.send(
            { to: mail, ...verificationMail(app.config, identity.name, link) },
            { kind: 'verification', expiresAt: inSeconds(VERIFICATION_LINK_VALID_SECONDS) },
          );
        }
      })().catch((err: unknown) => {
        app.log.error({ err, component: 'identity' }, 'identity mail could not be sent');
      });
      return answer;
    };

    mailRequest('/request-password-reset');
    mailRequest('/send-verification-email');
  },
  { name: 'identity', dependencies: ['database'] },
);
