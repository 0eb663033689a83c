import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { jwt } from 'better-auth/plugins/jwt';
import { and, eq, gt, isNull } from 'drizzle-orm';
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
import { newPasswordRefusal, PASSWORD_MAX_LENGTH } from '../../domain/password-policy';
import { type Config, sessionLifetimeOfConfig } from '../config';
import { HttpError } from '../errors';
import type { Mailer } from '../mail/mail-port';
import { firebaseSignIn } from './firebase-sign-in';
import { RESET_LINK_VALID_SECONDS } from './identity-port';
import { passwordResetMail, verificationMail } from './mail-templates';
import { passwordHasher } from './password-hash';
import { sessionCreationHook } from './session-lifetime';

export const AUTH_BASE_PATH = '/api/auth';
/** Access tokens: asymmetric signatures only (docs/product.md §11); no "none", no HMAC. */
export const ACCESS_TOKEN_ALGORITHMS = ['EdDSA'];
export const ACCESS_TOKEN_LIFETIME = '1h';
/** Better Auth's verification links live an hour (emailVerification.expiresIn, its default). */
export const VERIFICATION_LINK_VALID_SECONDS = 60 * 60;

/** The provider's key of a password-reset token (its reset endpoints look tokens up by it). */
export const resetTokenIdentifier = (token: string) => `reset-password:${token}`;

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

/** The configuration and database each instance was made with (createPasswordIdentity reads it). */
const madeWith = new WeakMap<object, { config: Config; db: Database }>();
export const configurationOf = (auth: Auth) => madeWith.get(auth);

export function createAuth(options: IdentityOptions) {
  const auth = createBetterAuth(options);
  madeWith.set(auth, { config: options.config, db: options.db });
  return auth;
}

function createBetterAuth({ config, db, mailer, secret, log }: IdentityOptions) {
  // Mails go to the outbox (docs/decisions/014): the hook writes the row and returns; the worker
  // delivers it. A reset or verification request answers after a fixed floor whatever the address
  // (server/services/auth/mail-request.ts), so the row written only for an existing account tells nothing.
  const sendMail = async (
    to: string,
    content: { subject: string; text: string },
    kind: string,
    validSeconds: number,
  ) => {
    try {
      await mailer.send(
        { to, ...content },
        { kind, expiresAt: new Date(Date.now() + validSeconds * 1000) },
      );
    } catch (err) {
      log?.error(
        { err, component: 'identity' },
        'identity mail could not be written to the outbox',
      );
    }
  };

  return betterAuth({
    appName: config.WEB_TITLE,
    // Explicit, never guessed from a request or from process.env.BASE_URL (docs/product.md §17).
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
      password: passwordHasher(config.PASSWORD_HASH_COST),
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_VALID_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) =>
        sendMail(
          user.email,
          passwordResetMail(config, user.name, url),
          'password-reset',
          RESET_LINK_VALID_SECONDS,
        ),
      // Following the link of a mail proves the address: invitations and resets verify it (the
      // lock is lifted by the use case, server/services/auth/confirm-password-reset.ts). The
      // provider ends every session of the identity (revokeSessionsOnPasswordReset).
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
      expiresIn: VERIFICATION_LINK_VALID_SECONDS,
      sendVerificationEmail: async ({ user, url }) =>
        sendMail(
          user.email,
          verificationMail(config, user.name, url),
          'verification',
          VERIFICATION_LINK_VALID_SECONDS,
        ),
    },
    session: {
      // The identity session persists (docs/product.md §4 "Login state") until an hour without
      // activity, its page closed, or its maximum (decision 034): the cookie lives for the
      // maximum, the session's deadline is set and moved by server/identity/session-lifetime.ts.
      expiresIn: Math.round(sessionLifetimeOfConfig(config).maxMs / 1000),
      disableSessionRefresh: true,
    },
    databaseHooks: {
      session: { create: { before: sessionCreationHook(sessionLifetimeOfConfig(config)) } },
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
        // docs/product.md §5: the password policy holds wherever a password is chosen, on the server too.
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') {
          const body = ctx.body as { newPassword?: unknown } | undefined;
          const refusal = newPasswordRefusal(body?.newPassword);
          if (refusal)
            throw new APIError('BAD_REQUEST', { code: 'PASSWORD_POLICY', message: refusal });
        }
      }),
    },
    plugins: [
      jwt({
        // Access tokens come from /token alone, where a session still waiting for its second
        // factor is refused (docs/decisions/016); get-session mints none.
        disableSettingJwtHeader: true,
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: {
          issuer: config.publicBaseUrl,
          audience: config.publicBaseUrl,
          expirationTime: ACCESS_TOKEN_LIFETIME,
          // Minimal claims: the subject (identity uid) and the session the token was issued for,
          // no user object. A token is refused once its session has ended (sign-out, password
          // reset or change, deletion; docs/decisions/008).
          definePayload: ({ session }) => ({ sid: session.id }),
        },
      }),
      // IDENTITY_PROVIDER=firebase: the password is checked by Firebase (docs/decisions/011).
      firebaseSignIn(config, db),
    ],
  });
}

export type Auth = ReturnType<typeof createBetterAuth>;

export class InvalidAccessTokenError extends Error {
  override name = 'InvalidAccessTokenError';
}

/** A genuine token whose session has ended (sign-out, password reset or change, deletion). */
export class SessionEndedError extends InvalidAccessTokenError {
  override name = 'SessionEndedError';
  constructor(readonly uid: string) {
    super('the session of the access token has ended');
  }
}

/** The claims of a verified access token, uid = sub, sid = the session it was issued for. */
export type VerifiedToken = Readonly<{ uid: string; sid: string } & JWTPayload>;

/** Verified tokens and checked sessions remembered per process (about 1 KB each). */
export const VERIFIED_TOKENS_KEPT = 10_000;

const unavailable = (err: unknown) =>
  Object.assign(new HttpError(503, 'SERVICE_UNAVAILABLE', undefined, {}, 5), { cause: err });

/** Adds to a map that keeps insertion order, the oldest entry making room. */
function remember<K, V>(map: Map<K, V>, key: K, value: V) {
  if (map.size >= VERIFIED_TOKENS_KEPT && !map.has(key)) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * Verifies /api/v1 bearer tokens against the identity's own public keys, with the algorithm
 * allow-list, issuer, audience and expiry checks, and refuses a token whose session has ended.
 * Keys are cached and re-read when an unknown key id appears (another instance may have created
 * it), at most every 250 ms.
 *
 * A token that passed is remembered until its expiry (at most VERIFIED_TOKENS_KEPT tokens): the
 * signature check costs 0.25 ms, a large part of a small search (docs/decisions/005). Whether its
 * session is alive is looked up at most every SESSION_CHECK_SECONDS per session, so a session
 * ended on another instance (sign-out, password reset or change, deletion) refuses its tokens
 * within that time; `forgetSessionsOf` makes this instance look again at once
 * (docs/decisions/008). The expiry is compared on every call.
 */
export function createAccessTokenVerifier(
  auth: Auth,
  config: Config,
  db: Database,
  /**
   * Whether the provider refuses the identity now (Firebase: deleted or disabled), asked with the
   * session at most every SESSION_CHECK_SECONDS: a person disabled at the provider loses their
   * tokens within that time (docs/decisions/011).
   */
  identityRefused?: (uid: string, signedInAt: Date) => Promise<boolean>,
) {
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
        throw unavailable(err);
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
      requiredClaims: ['sub', 'exp', 'iat', 'sid'],
    });
    if (typeof payload.sid !== 'string' || payload.sid === '') {
      throw new InvalidAccessTokenError('access token names no session');
    }
    const claims: VerifiedToken = Object.freeze({
      ...payload,
      uid: payload.sub!,
      sid: payload.sid,
    });
    remember(verified, token, claims);
    return claims;
  };

  // Session id → when it signed in, or null when it was not alive, as last looked up (single flight
  // per session).
  const sessions = new Map<
    string,
    { uid: string; checkedAt: number; alive: Promise<Date | null> }
  >();
  const sessionCheckMs = config.SESSION_CHECK_SECONDS * 1000;
  const { maxMs } = sessionLifetimeOfConfig(config);
  const sessionAlive = (claims: VerifiedToken): Promise<Date | null> => {
    const known = sessions.get(claims.sid);
    if (known && Date.now() - known.checkedAt < sessionCheckMs) return known.alive;
    const alive = db
      .select({ id: authSession.id, createdAt: authSession.createdAt })
      .from(authSession)
      .where(
        and(
          eq(authSession.id, claims.sid),
          eq(authSession.userId, claims.uid),
          gt(authSession.expiresAt, new Date()),
          // Its maximum after sign-in, for a session whose deadline was set before it (decision 034).
          gt(authSession.createdAt, new Date(Date.now() - maxMs)),
          // A session still waiting for its second factor is not signed in (decision 016).
          isNull(authSession.secondFactorPending),
        ),
      )
      .then(async ([row]) => {
        if (row === undefined) return null;
        const signedInAt = new Date(row.createdAt);
        return (await identityRefused?.(claims.uid, signedInAt)) ? null : signedInAt;
      });
    const entry = { uid: claims.uid, checkedAt: Date.now(), alive };
    remember(sessions, claims.sid, entry);
    // A failed lookup is not remembered: the next call looks again.
    alive.catch(() => {
      if (sessions.get(claims.sid) === entry) sessions.delete(claims.sid);
    });
    return alive;
  };

  const verifySignature = async (token: string): Promise<VerifiedToken> => {
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

  return {
    /** The token's claims and when its session signed in. */
    async verifyAccessToken(token: string): Promise<VerifiedToken & { signedInAt: Date }> {
      const claims = await verifySignature(token);
      let signedInAt: Date | null;
      try {
        signedInAt = await sessionAlive(claims);
      } catch (err) {
        throw unavailable(err);
      }
      if (signedInAt === null) throw new SessionEndedError(claims.uid);
      return { ...claims, signedInAt };
    },
    /** The sessions of this identity were ended here: look them up again on their next call. */
    forgetSessionsOf(uid: string): void {
      for (const [sid, entry] of sessions) if (entry.uid === uid) sessions.delete(sid);
    },
  };
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;

/** The identity a password-reset link was made for, or null for an unknown or expired link. */
export async function identityOfResetToken(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({ uid: authVerification.value })
    .from(authVerification)
    .where(
      and(
        eq(authVerification.identifier, resetTokenIdentifier(token)),
        gt(authVerification.expiresAt, new Date()),
      ),
    );
  return row?.uid ?? null;
}
