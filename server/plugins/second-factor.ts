import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { normaliseMail } from '../../domain/mail-address';
import { LOGIN_MESSAGES } from '../../domain/messages';
import { meetsPasswordPolicy } from '../../domain/password-policy';
import { SECOND_FACTOR_MESSAGES } from '../../domain/second-factor';
import type { Config } from '../config';
import { HttpError } from '../errors';
import {
  checkFirebasePassword,
  IdentityProviderUnavailableError,
} from '../identity/firebase-identity';
import { AUTH_BASE_PATH, type Auth, identitySecret } from '../identity/identity';
import { type IdentityEvent, recordIdentityEvent } from '../identity/identity-events';
import type { PreLoginLimiter } from '../identity/pre-login-limits';
import {
  completeSession,
  endSession,
  isTrustedBrowser,
  markSessionPending,
  type PendingSecondFactor,
  pendingOfSession,
  REAUTHENTICATION_WINDOW_SECONDS,
  type SecondFactorKeys,
  secondFactorKeys,
  TRUSTED_BROWSER_COOKIE,
  trustedBrowserValue,
} from '../identity/second-factor';
import { otpauthUri } from '../identity/totp';
import {
  acceptTotpCode,
  backupCodesLeft,
  confirmEnrolment,
  findSecondFactor,
  isStaffMail,
  removeSecondFactor,
  secondFactorNeeded,
  spendBackupCode,
  startEnrolment,
} from '../repositories/second-factor-repository';
import { countedPasswordCheck } from '../services/auth/counted-password-check';
import { clientInfoOf } from '../services/caller';

declare module 'fastify' {
  interface FastifyInstance {
    secondFactorGate: SecondFactorGate;
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

const lockedAnswer = { code: 'ACCOUNT_LOCKED', message: LOGIN_MESSAGES.locked };

/**
 * /api/auth/second-factor: the code after the password, the enrolment (the staff's obligatory
 * one and the /account one), turning the factor off, and the session's state. Cookie-session
 * routes: a request from another origin is refused, as the provider refuses its own.
 */
export const secondFactorPlugin = fp(
  async (app: FastifyInstance, opts: { auth: Auth; limiter: PreLoginLimiter }) => {
    const { auth, limiter } = opts;
    const { config, db } = app;
    const gate = app.secondFactorGate;
    const { keys } = gate;
    const base = `${AUTH_BASE_PATH}/second-factor`;
    const secure = config.publicBaseUrl.startsWith('https://');

    const assertTrustedOrigin = (request: FastifyRequest) => {
      const { origin, referer } = request.headers;
      let from = origin;
      if (!from && referer) {
        try {
          from = new URL(referer).origin;
        } catch {
          from = undefined;
        }
      }
      if (!from || !config.trustedOrigins.includes(from)) {
        throw new HttpError(403, 'INVALID_ORIGIN', SECOND_FACTOR_MESSAGES.invalidOrigin);
      }
    };

    /** The cookie session of the request (waiting or complete), or 401. */
    const sessionOf = async (request: FastifyRequest) => {
      const found = await auth.api
        .getSession({ headers: fromNodeHeaders(request.headers) })
        .catch(() => null);
      if (!found) throw new HttpError(401, 'UNAUTHORIZED');
      return {
        sessionId: found.session.id,
        /** When the session's password was checked: its sign-in. */
        signedInAt: new Date(found.session.createdAt),
        uid: found.user.id,
        mail: normaliseMail(found.user.email),
        pending: await pendingOfSession(db, found.session.id),
      };
    };

    /** The person's identity events (server/identity/identity-events.ts), never failing the call. */
    const record = (request: FastifyRequest, ...events: IdentityEvent[]) =>
      Promise.all(
        events.map((event) => recordIdentityEvent(db, clientInfoOf(request), event, request.log)),
      );

    const staffMustKeep = async (mail: string) =>
      config.STAFF_SECOND_FACTOR === 'required' && (await isStaffMail(db, mail));

    const body = (request: FastifyRequest) =>
      (request.body ?? {}) as {
        code?: unknown;
        backupCode?: unknown;
        trustBrowser?: unknown;
        password?: unknown;
      };
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

    /**
     * A code of the person's factor or one of their backup codes, counted like a password under
     * the five-failure lock (docs/decisions/016). Wrong → 401 (account_locked when this one set
     * the lock); locked → 423. The caller gets whether a backup code was used.
     */
    const countedFactorCheck = async (
      request: FastifyRequest,
      reply: FastifyReply,
      session: { sessionId: string; mail: string },
      onLocked: () => Promise<void>,
    ): Promise<{ ok: true; backup: boolean } | { ok: false; sent: FastifyReply }> => {
      const input = body(request);
      const backup = text(input.backupCode) !== '';
      const given = backup ? text(input.backupCode) : text(input.code);
      if (!given) {
        throw new HttpError(400, 'VALIDATION_ERROR', SECOND_FACTOR_MESSAGES.enterCode, {
          fieldErrors: [
            { field: backup ? 'backupCode' : 'code', message: SECOND_FACTOR_MESSAGES.enterCode },
          ],
        });
      }
      const check = await countedPasswordCheck(db, session.mail, async () => {
        const ok = backup
          ? await spendBackupCode(db, keys, session.mail, given)
          : await acceptTotpCode(db, keys, session.mail, given);
        return { verdict: ok ? 'right' : 'wrong', result: ok };
      });
      if (check.locked) {
        await record(request, {
          action: 'auth.second-factor.failed',
          mail: session.mail,
          success: false,
          reason: 'locked',
        });
        await onLocked();
        return { ok: false, sent: reply.status(423).send(lockedAnswer) };
      }
      if (!check.result) {
        await record(
          request,
          {
            action: 'auth.second-factor.failed',
            mail: session.mail,
            success: false,
            reason: backup ? 'wrong-backup-code' : 'wrong-code',
          },
          ...(check.lockedNow ? [{ action: 'auth.lock', mail: session.mail } as const] : []),
        );
        if (check.lockedNow) await onLocked();
        return {
          ok: false,
          sent: reply.status(401).send({
            statusCode: 401,
            code: 'INVALID_SECOND_FACTOR_CODE',
            message: backup
              ? SECOND_FACTOR_MESSAGES.wrongBackupCode
              : SECOND_FACTOR_MESSAGES.wrongCode,
            ...(check.lockedNow ? { account_locked: true } : {}),
          }),
        };
      }
      if (backup) {
        await record(request, {
          action: 'auth.second-factor.backup-code-used',
          mail: session.mail,
        });
      }
      return { ok: true, backup };
    };

    /** The current password of the session's person, checked by whichever provider holds it. */
    const passwordIsRight = async (
      request: FastifyRequest,
      session: { uid: string; mail: string },
      password: string,
    ): Promise<boolean> => {
      // docs/product.md §5: a password of the wrong format is a wrong password, never sent on.
      if (!meetsPasswordPolicy(password)) return false;
      if (config.IDENTITY_PROVIDER === 'firebase') {
        try {
          const checked = await checkFirebasePassword(config, session.mail, password);
          return checked.kind === 'ok' && checked.uid === session.uid;
        } catch (err) {
          if (!(err instanceof IdentityProviderUnavailableError)) throw err;
          throw Object.assign(new HttpError(503, 'SERVICE_UNAVAILABLE', undefined, {}, 5), {
            cause: err,
          });
        }
      }
      try {
        await auth.api.verifyPassword({
          body: { password },
          headers: fromNodeHeaders(request.headers),
        });
        return true;
      } catch (err) {
        if (err instanceof APIError && err.status === 'BAD_REQUEST') return false;
        throw err;
      }
    };

    /**
     * Turning the factor on or off asks who is there again (docs/decisions/025): the current
     * password, counted under the five-failure lock as a password change is, or a sign-in whose
     * password was checked less than REAUTHENTICATION_WINDOW_SECONDS ago. A session cookie alone,
     * taken from a browser left signed in, does neither. Answers the refusal itself; true when the
     * caller may go on.
     */
    const reauthenticated = async (
      request: FastifyRequest,
      reply: FastifyReply,
      session: { uid: string; mail: string; signedInAt: Date; pending: PendingSecondFactor | null },
    ): Promise<boolean> => {
      const given = body(request).password;
      const password = typeof given === 'string' ? given : '';
      if (password === '') {
        if (Date.now() - session.signedInAt.getTime() < REAUTHENTICATION_WINDOW_SECONDS * 1000) {
          return true;
        }
        // The staff's obligatory enrolment has no password field: that person signs in again.
        const message = session.pending
          ? SECOND_FACTOR_MESSAGES.pending
          : SECOND_FACTOR_MESSAGES.enterPassword;
        throw new HttpError(
          403,
          'REAUTHENTICATION_REQUIRED',
          message,
          session.pending ? {} : { fieldErrors: [{ field: 'password', message }] },
        );
      }
      const check = await countedPasswordCheck(db, session.mail, async () => {
        const right = await passwordIsRight(request, session, password);
        return { verdict: right ? 'right' : 'wrong', result: right };
      });
      if (check.locked) {
        reply.status(423).send(lockedAnswer);
        return false;
      }
      if (!check.result) {
        if (check.lockedNow) await record(request, { action: 'auth.lock', mail: session.mail });
        reply.status(400).send({
          statusCode: 400,
          code: 'INVALID_PASSWORD',
          message: SECOND_FACTOR_MESSAGES.wrongPassword,
          fieldErrors: [{ field: 'password', message: SECOND_FACTOR_MESSAGES.wrongPassword }],
          ...(check.lockedNow ? { account_locked: true } : {}),
        });
        return false;
      }
      return true;
    };

    // The factor's state is the signed-in person's: a session still waiting for its code (or its
    // enrolment) learns nothing of it, not even whether backup codes are left.
    app.get(base, { schema: { hide: true } }, async (request) => {
      const session = await sessionOf(request);
      if (session.pending) {
        throw new HttpError(403, 'SECOND_FACTOR_REQUIRED', SECOND_FACTOR_MESSAGES.pending);
      }
      const factor = await findSecondFactor(db, session.mail);
      const enabled = Boolean(factor?.enabledAt);
      return {
        enabled,
        pending: session.pending,
        required: await staffMustKeep(session.mail),
        backupCodesLeft: enabled ? await backupCodesLeft(db, session.mail) : 0,
      };
    });

    // The code after the password (or a backup code), with the option to trust this browser.
    app.post(`${base}/verify`, { schema: { hide: true } }, async (request, reply) => {
      assertTrustedOrigin(request);
      const session = await sessionOf(request);
      await limiter.assertAllowed(request, session.mail);
      if (session.pending !== 'code') {
        throw new HttpError(409, 'SECOND_FACTOR_NOT_PENDING', SECOND_FACTOR_MESSAGES.pending);
      }
      // The lock ends the waiting session: the person signs in again once it is lifted.
      const checked = await countedFactorCheck(request, reply, session, () =>
        endSession(db, session.sessionId),
      );
      if (!checked.ok) return checked.sent;
      await completeSession(db, session.sessionId);
      // The sign-in is complete only now (the password step did not record it).
      await record(request, { action: 'auth.sign-in', mail: session.mail });
      if (body(request).trustBrowser === true) {
        const factor = await findSecondFactor(db, session.mail);
        if (factor) {
          const { value, maxAgeSeconds } = trustedBrowserValue(keys, session.mail, factor.factorId);
          reply.header(
            'set-cookie',
            `${TRUSTED_BROWSER_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=${AUTH_BASE_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
          );
        }
      }
      return { status: true, backupCodeUsed: checked.backup };
    });

    // A new secret: the staff's obligatory enrolment, or turning the factor on from /account.
    app.post(`${base}/enrol`, { schema: { hide: true } }, async (request, reply) => {
      assertTrustedOrigin(request);
      const session = await sessionOf(request);
      if (session.pending === 'code') {
        throw new HttpError(403, 'SECOND_FACTOR_REQUIRED', SECOND_FACTOR_MESSAGES.pending);
      }
      const existing = await findSecondFactor(db, session.mail);
      if (existing?.enabledAt) {
        throw new HttpError(409, 'SECOND_FACTOR_ENABLED', SECOND_FACTOR_MESSAGES.alreadyEnabled);
      }
      if (!(await reauthenticated(request, reply, session))) return reply;
      const secret = await startEnrolment(db, keys, session.mail);
      if (!secret)
        throw new HttpError(409, 'SECOND_FACTOR_ENABLED', SECOND_FACTOR_MESSAGES.alreadyEnabled);
      return { secret, uri: otpauthUri(config.WEB_TITLE, session.mail, secret) };
    });

    // The first code of the new secret: the factor is on, the backup codes are shown this once.
    app.post(`${base}/enrol/confirm`, { schema: { hide: true } }, async (request) => {
      assertTrustedOrigin(request);
      const session = await sessionOf(request);
      if (session.pending === 'code') {
        throw new HttpError(403, 'SECOND_FACTOR_REQUIRED', SECOND_FACTOR_MESSAGES.pending);
      }
      const code = text(body(request).code);
      if (!code) {
        throw new HttpError(400, 'VALIDATION_ERROR', SECOND_FACTOR_MESSAGES.enterCode, {
          fieldErrors: [{ field: 'code', message: SECOND_FACTOR_MESSAGES.enterCode }],
        });
      }
      const factor = await findSecondFactor(db, session.mail);
      if (factor?.enabledAt) {
        throw new HttpError(409, 'SECOND_FACTOR_ENABLED', SECOND_FACTOR_MESSAGES.alreadyEnabled);
      }
      if (!factor)
        throw new HttpError(409, 'SECOND_FACTOR_NO_ENROLMENT', SECOND_FACTOR_MESSAGES.noEnrolment);
      const backupCodes = await confirmEnrolment(db, keys, session.mail, code);
      if (!backupCodes) {
        throw new HttpError(400, 'INVALID_SECOND_FACTOR_CODE', SECOND_FACTOR_MESSAGES.wrongCode, {
          fieldErrors: [{ field: 'code', message: SECOND_FACTOR_MESSAGES.wrongCode }],
        });
      }
      await record(request, { action: 'auth.second-factor.enrol', mail: session.mail });
      if (session.pending === 'enrol') {
        await completeSession(db, session.sessionId);
        await record(request, { action: 'auth.sign-in', mail: session.mail });
      }
      return { backupCodes };
    });

    // Turning the factor off needs a code (or a backup code); staff under `required` may not.
    app.post(`${base}/disable`, { schema: { hide: true } }, async (request, reply) => {
      assertTrustedOrigin(request);
      const session = await sessionOf(request);
      if (session.pending) {
        throw new HttpError(403, 'SECOND_FACTOR_REQUIRED', SECOND_FACTOR_MESSAGES.pending);
      }
      if (await staffMustKeep(session.mail)) {
        throw new HttpError(403, 'FORBIDDEN', SECOND_FACTOR_MESSAGES.staffCannotDisable);
      }
      const factor = await findSecondFactor(db, session.mail);
      if (!factor?.enabledAt) {
        throw new HttpError(409, 'SECOND_FACTOR_NOT_ENABLED', SECOND_FACTOR_MESSAGES.notEnabled);
      }
      if (!(await reauthenticated(request, reply, session))) return reply;
      const checked = await countedFactorCheck(request, reply, session, async () => {});
      if (!checked.ok) return checked.sent;
      await removeSecondFactor(db, session.mail);
      await record(request, { action: 'auth.second-factor.disable', mail: session.mail });
      reply.header(
        'set-cookie',
        `${TRUSTED_BROWSER_COOKIE}=; Max-Age=0; Path=${AUTH_BASE_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
      return { status: true };
    });
  },
  { name: 'second-factor', dependencies: ['identity'] },
);
