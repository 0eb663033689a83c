import { randomBytes } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, formCsrfMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { normaliseMail } from '../../domain/mail-address';
import { LOGIN_MESSAGES } from '../../domain/messages';
import type { Config } from '../config';
import { checkFirebasePassword, upsertMirrorIdentity } from './firebase-identity';
import { IdentityProviderUnavailableError } from './identity-port';

/**
 * The header by which the portal's sign-in route hands a request to the endpoint below; its value
 * is made anew by each process and never leaves it.
 */
export const FORWARDED_SIGN_IN_HEADER = 'x-portal-sign-in';
export const FORWARDED_SIGN_IN_KEY = randomBytes(24).toString('base64url');

/**
 * Sign-in with the credentials Firebase holds, answered as the built-in /sign-in/email answers
 * (docs/decisions/011): Firebase checks the mail and password (its ID token verified with
 * firebase-admin, then dropped), and the portal's own session is made on Better Auth for a mirror
 * identity of the same uid, with Better Auth's own cookie. 401 INVALID_EMAIL_OR_PASSWORD for a
 * wrong password, an unknown or a disabled account; 403 EMAIL_NOT_VERIFIED; 503 when Firebase
 * does not answer.
 *
 * Reached only from the portal's route /api/auth/sign-in/email, after its limits and the lock's
 * reservation (server/services/auth/sign-in.ts, through firebase-sign-in-port.ts): the server
 * mounts no route to it, and it answers 404 to a request without the process's key. It goes through the library's router all the same, so
 * that the library's origin and CSRF checks hold as for its own /sign-in/email.
 */
export function firebaseSignIn(config: Config, db: Database) {
  return {
    id: 'portal-firebase-sign-in',
    endpoints: {
      signInFirebase: createAuthEndpoint(
        '/sign-in/firebase',
        {
          method: 'POST',
          body: z.object({ email: z.string(), password: z.string() }),
          use: [formCsrfMiddleware],
        },
        async (ctx) => {
          if (
            config.IDENTITY_PROVIDER !== 'firebase' ||
            ctx.headers?.get(FORWARDED_SIGN_IN_HEADER) !== FORWARDED_SIGN_IN_KEY
          ) {
            throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not Found' });
          }
          let check: Awaited<ReturnType<typeof checkFirebasePassword>>;
          try {
            check = await checkFirebasePassword(
              config,
              normaliseMail(ctx.body.email),
              ctx.body.password,
            );
          } catch (err) {
            if (!(err instanceof IdentityProviderUnavailableError)) throw err;
            ctx.context.logger.error('Firebase sign-in failed', err);
            throw new APIError('SERVICE_UNAVAILABLE', {
              code: 'SERVICE_UNAVAILABLE',
              message: 'identity provider unavailable',
            });
          }
          if (check.kind === 'wrong') {
            throw new APIError('UNAUTHORIZED', {
              code: 'INVALID_EMAIL_OR_PASSWORD',
              message: LOGIN_MESSAGES.wrongCredentials,
            });
          }
          await upsertMirrorIdentity(db, check);
          if (!check.mailVerified) {
            throw new APIError('FORBIDDEN', {
              code: 'EMAIL_NOT_VERIFIED',
              message: 'Email not verified',
            });
          }
          const user = await ctx.context.internalAdapter.findUserById(check.uid);
          if (!user) throw new Error('mirror identity missing');
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({
            redirect: false,
            token: session.token,
            user: {
              id: user.id,
              email: user.email,
              name: user.name,
              emailVerified: user.emailVerified,
              image: user.image ?? null,
              createdAt: user.createdAt,
              updatedAt: user.updatedAt,
            },
          });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
