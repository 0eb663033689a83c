import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { jwt } from 'better-auth/plugins/jwt';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createLocalJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { Database } from '../../db/client';
import {
  appSecrets,
  authAccount,
  authJwks,
  authSession,
  authUser,
  authVerification,
} from '../../db/schema';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import {
  hasSurroundingSpace,
  meetsPasswordPolicy,
  PASSWORD_MAX_LENGTH,
  PASSWORD_POLICY_TEXT,
  SURROUNDING_SPACE_TEXT,
} from '../../domain/password-policy';
import type { Config } from '../config';
import { HttpError } from '../errors';
import type { Mailer } from '../mail/mail-port';
import { passwordResetMail, verificationMail } from './mail-templates';

export const AUTH_BASE_PATH = '/api/auth';
/** Access tokens: asymmetric signatures only (DESIGN.md §2); no "none", no HMAC. */
export const ACCESS_TOKEN_ALGORITHMS = ['EdDSA'];
export const ACCESS_TOKEN_LIFETIME = '1h';

/**
 * The identity secret: AUTH_SECRET when configured, otherwise one generated on first start and
 * kept in the database, so that every instance on the same database shares it.
 */
export async function identitySecret(config: Config, db: Database): Promise<string> {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  await db
    .insert(appSecrets)
    .values({ name: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'auth_secret'));
  if (!row) throw new Error('identity secret missing');
  return row.value;
}

export interface IdentityOptions {
  config: Config;
  db: Database;
  mailer: Mailer;
  secret: string;
  /** The provider's own messages go to the server's JSON log, not to stderr in colour. */
  log?: FastifyBaseLogger;
}

/** Better Auth's logger, writing to the server's log with its level and any error it names. */
function providerLogger(log: FastifyBaseLogger) {
  return {
    level: 'info' as const,
    log(level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) {
      const err = args.find((arg) => arg instanceof Error);
      const details = args.filter((arg) => arg !== err);
      log[level](
        {
          component: 'identity',
          ...(err ? { err } : {}),
          ...(details.length > 0 ? { details } : {}),
        },
        message,
      );
    },
  };
}

export function createAuth({ config, db, mailer, secret, log }: IdentityOptions) {
  // The mail port logs each mail itself (with the file's link when mail goes to files).
  // The provider sends its mails as background tasks and answers at once; the deliveries are
  // handed to the request that caused them (see mailDeliveries) so that it can report a failure.
  const sendMail = (to: string, content: { subject: string; text: string }) => {
    const delivery = mailer.send({ to, ...content }).then(() => {});
    mailDeliveries.getStore()?.push(delivery);
    return delivery;
  };

  return betterAuth({
    appName: config.WEB_TITLE,
    // Explicit, never guessed from a request or from process.env.BASE_URL (DESIGN.md §8).
    baseURL: config.publicBaseUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    ...(log ? { logger: providerLogger(log) } : {}),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
        jwks: authJwks,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are created by administrators (managers page) and the demo seed, never by sign-up.
      disableSignUp: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) =>
        sendMail(user.email, passwordResetMail(config, user.name, url)),
      // Following the link of a mail proves the address: invitations and resets verify it.
      onPasswordReset: async ({ user }) => {
        await db
          .update(authUser)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(eq(authUser.id, user.id));
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }) =>
        sendMail(user.email, verificationMail(config, user.name, url)),
    },
    session: {
      // The identity session persists and is refreshed in the background (spec §4 "Login state").
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    // Pre-login limits are ours, shared by every instance (server/rate-limit).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'portal',
      useSecureCookies: config.publicBaseUrl.startsWith('https://'),
      // The provider skips its origin check when it thinks it runs under a test runner; the
      // tests check the server as it runs in production.
      disableOriginCheck: false,
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Spec §5: the password policy holds wherever a password is chosen, on the server too.
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') {
          const body = ctx.body as { newPassword?: unknown } | undefined;
          if (typeof body?.newPassword !== 'string' || !meetsPasswordPolicy(body.newPassword)) {
            throw new APIError('BAD_REQUEST', {
              code: 'PASSWORD_POLICY',
              message: PASSWORD_POLICY_TEXT,
            });
          }
          if (hasSurroundingSpace(body.newPassword)) {
            throw new APIError('BAD_REQUEST', {
              code: 'PASSWORD_POLICY',
              message: SURROUNDING_SPACE_TEXT,
            });
          }
        }
      }),
    },
    plugins: [
      jwt({
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: {
          issuer: config.publicBaseUrl,
          audience: config.publicBaseUrl,
          expirationTime: ACCESS_TOKEN_LIFETIME,
          // Minimal claims: the subject (identity uid) only, no user object (issue: sign-in §1).
          definePayload: () => ({}),
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The mail deliveries started while handling one identity request. The identity provider sends
 * mails in the background (so that the answer's timing does not reveal whether an address
 * exists); a route that must tell the person when the mail server is away runs the provider
 * inside `mailDeliveries.run([], …)` and awaits what was collected.
 */
export const mailDeliveries = new AsyncLocalStorage<Promise<void>[]>();

export class InvalidAccessTokenError extends Error {
  override name = 'InvalidAccessTokenError';
}

/** The claims of a verified access token, uid = sub. */
export type VerifiedToken = Readonly<{ uid: string } & JWTPayload>;

/** Verified tokens remembered per process (about 1 KB each). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Verifies /api/v1 bearer tokens against the identity's own public keys, with the algorithm
 * allow-list, issuer, audience and expiry checks. Keys are cached and re-read when an unknown key
 * id appears (another instance may have created it), at most every 10 s.
 *
 * A token that passed is remembered until its expiry (at most VERIFIED_TOKENS_KEPT tokens): the
 * signature check costs 0.25 ms, a large part of a small search (docs/decisions/005). A token is
 * immutable and nothing revokes one before its expiry, so a remembered token is exactly as valid
 * as a checked one; the expiry is still compared on every call.
 */
export function createAccessTokenVerifier(auth: Auth, config: Config) {
  let keySet: ReturnType<typeof createLocalJWKSet> | undefined;
  let loadedAt = 0;
  let loading: Promise<void> | undefined;
  // Single flight: concurrent requests with a new key id share one read of the keys.
  // The keys live in the database: when it cannot be read, the caller is not refused (401 would
  // sign the person out) but told to retry (503).
  const loadKeys = () => {
    loading ??= (async () => {
      try {
        const jwks = await auth.api.getJwks();
        keySet = createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]);
        loadedAt = Date.now();
      } catch (err) {
        throw Object.assign(new HttpError(503, 'SERVICE_UNAVAILABLE', undefined, {}, 5), {
          cause: err,
        });
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  };
  const verified = new Map<string, VerifiedToken>();
  const verify = async (token: string) => {
    const { payload } = await jwtVerify(token, keySet!, {
      algorithms: ACCESS_TOKEN_ALGORITHMS,
      issuer: config.publicBaseUrl,
      audience: config.publicBaseUrl,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const claims: VerifiedToken = Object.freeze({ ...payload, uid: payload.sub! });
    // The oldest entry makes room (a Map keeps insertion order).
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  };

  return async function verifyAccessToken(token: string): Promise<VerifiedToken> {
    const known = verified.get(token);
    if (known) {
      // As jwtVerify decides: expired once the current second reaches exp.
      if (Math.floor(Date.now() / 1000) < known.exp!) return known;
      verified.delete(token);
    }
    if (!keySet) await loadKeys();
    try {
      return await verify(token);
    } catch (err) {
      // A key created since the last read (by this or another instance): read the keys again.
      if (
        (err as { code?: string }).code === 'ERR_JWKS_NO_MATCHING_KEY' &&
        Date.now() - loadedAt > 250
      ) {
        await loadKeys();
        try {
          return await verify(token);
        } catch {
          // refused below
        }
      }
      throw new InvalidAccessTokenError('access token refused');
    }
  };
}

/**
 * Creates an identity with a password directly (sign-up is closed): used by the demo seed, and
 * later by user administration. Returns the uid.
 */
export async function createPasswordIdentity(
  auth: Auth,
  input: { email: string; name: string; password: string; emailVerified: boolean },
): Promise<string> {
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    {
      email: input.email.toLowerCase(),
      name: input.name,
      emailVerified: input.emailVerified,
    },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(input.password),
  });
  return user.id;
}
