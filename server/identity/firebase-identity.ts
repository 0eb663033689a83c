import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { type App, applicationDefault, getApps, initializeApp } from 'firebase-admin/app';
import { type Auth as FirebaseAuth, getAuth } from 'firebase-admin/auth';
import type { Database } from '../../db/client';
import { authSession, authUser } from '../../db/schema';
import { normaliseMail } from '../../domain/mail-address';
import type { Config } from '../config';
import {
  IdentityExistsError,
  type IdentityPort,
  IdentityProviderUnavailableError,
  type IdentityState,
  INVITATION_SCREEN_PATH,
  PASSWORD_SCREEN_PATH,
  RESET_LINK_VALID_SECONDS,
} from './identity-port';

// The identity port on Firebase Authentication (docs/decisions/011). Firebase holds the
// credentials; the portal keeps its own sessions on Better Auth, whose user table holds a mirror
// row per Firebase uid (same id, mail, name, mail verified) for its sessions to hang on
// (server/identity/firebase-sign-in.ts). Mails (invitation, reset) are the portal's own: Firebase
// only makes the links.

/** The login screen, where Firebase's action handler sends the person after a new password. */
export const LOGIN_SCREEN_PATH = '/login';

const codeOf = (err: unknown) => (err as { code?: unknown })?.code;

/**
 * firebase-admin reads the emulator's address from the process environment at each call; the
 * configured value is put there so that a configuration given as an object (tests) holds too.
 */
function applyEmulatorHost(config: Config) {
  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.FIREBASE_AUTH_EMULATOR_HOST;
  }
}

/** firebase-admin's Auth for the configured project, one app per project and emulator. */
export function firebaseAuthOf(config: Config): FirebaseAuth {
  const projectId = config.FIREBASE_PROJECT_ID;
  if (!projectId) throw new Error('FIREBASE_PROJECT_ID is not set');
  applyEmulatorHost(config);
  const name = `portal-${createHash('sha256')
    .update(`${projectId}|${config.FIREBASE_AUTH_EMULATOR_HOST ?? ''}`)
    .digest('hex')
    .slice(0, 12)}`;
  const app: App =
    getApps().find((a) => a.name === name) ??
    initializeApp(
      {
        projectId,
        // The emulator needs no credentials; otherwise Google's usual chain
        // (GOOGLE_APPLICATION_CREDENTIALS, then the platform's own account).
        ...(config.FIREBASE_AUTH_EMULATOR_HOST ? {} : { credential: applicationDefault() }),
      },
      name,
    );
  return getAuth(app);
}

/** The address of one of Firebase's REST methods (identitytoolkit, or the emulator's). */
export function identityToolkitUrl(config: Config, method: string): string {
  const key = encodeURIComponent(config.FIREBASE_API_KEY ?? 'emulator');
  const host = config.FIREBASE_AUTH_EMULATOR_HOST
    ? `http://${config.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  return `${host}/v1/accounts:${method}?key=${key}`;
}

async function callIdentityToolkit(
  config: Config,
  method: string,
  body: object,
): Promise<{ ok: boolean; status: number; reason: string; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(identityToolkitUrl(config, method), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw Object.assign(new IdentityProviderUnavailableError('Firebase does not answer'), {
      cause: err,
    });
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown> & {
    error?: { message?: string };
  };
  const reason = String(json.error?.message ?? '').split(' ')[0] ?? '';
  return { ok: response.ok, status: response.status, reason, body: json };
}

export type PasswordCheck =
  | { kind: 'ok'; uid: string; mail: string; name: string; mailVerified: boolean }
  /** Wrong password, no such account, or the account disabled: one answer for all. */
  | { kind: 'wrong' };

/**
 * Checks a mail and password against Firebase and verifies the ID token it returns with
 * firebase-admin (signature, project, expiry, and revocation and disabled state: checkRevoked). The
 * token itself goes no further: the portal issues its own session (docs/decisions/011).
 */
export async function checkFirebasePassword(
  config: Config,
  mail: string,
  password: string,
): Promise<PasswordCheck> {
  const answer = await callIdentityToolkit(config, 'signInWithPassword', {
    email: mail,
    password,
    returnSecureToken: true,
  });
  const idToken = answer.body.idToken;
  if (!answer.ok || typeof idToken !== 'string') {
    if (
      [
        'INVALID_LOGIN_CREDENTIALS',
        'INVALID_PASSWORD',
        'EMAIL_NOT_FOUND',
        'USER_DISABLED',
        'INVALID_EMAIL',
        'MISSING_PASSWORD',
      ].includes(answer.reason)
    ) {
      return { kind: 'wrong' };
    }
    throw new IdentityProviderUnavailableError(
      `Firebase refused the password check: ${answer.status} ${answer.reason}`,
    );
  }
  try {
    const token = await firebaseAuthOf(config).verifyIdToken(idToken, true);
    return {
      kind: 'ok',
      uid: token.uid,
      mail: normaliseMail(token.email ?? mail),
      name: typeof token.name === 'string' ? token.name : '',
      mailVerified: token.email_verified === true,
    };
  } catch (err) {
    const code = codeOf(err);
    if (code === 'auth/user-disabled' || code === 'auth/id-token-revoked') return { kind: 'wrong' };
    throw Object.assign(new IdentityProviderUnavailableError('ID token not verified'), {
      cause: err,
    });
  }
}

/**
 * Sets the password of a reset or invitation link (its oobCode, which the portal's reset screen
 * posts as its token): the mail it was for, or null for a link expired, used or unknown.
 */
export async function confirmFirebasePasswordReset(
  config: Config,
  oobCode: string,
  newPassword: string,
): Promise<string | null> {
  const answer = await callIdentityToolkit(config, 'resetPassword', { oobCode, newPassword });
  if (answer.ok && typeof answer.body.email === 'string') return normaliseMail(answer.body.email);
  if (
    ['INVALID_OOB_CODE', 'EXPIRED_OOB_CODE', 'USER_DISABLED', 'USER_NOT_FOUND'].includes(
      answer.reason,
    )
  ) {
    return null;
  }
  throw new IdentityProviderUnavailableError(
    `Firebase refused the password reset: ${answer.status} ${answer.reason}`,
  );
}

/** The Better Auth mirror of a Firebase identity: sessions hang on it; nothing else is kept. */
export async function upsertMirrorIdentity(
  db: Database,
  identity: { uid: string; mail: string; name: string; mailVerified: boolean },
): Promise<void> {
  const mail = normaliseMail(identity.mail);
  const existing = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(authUser.email, mail));
  // An identity of the same mail under another id (left by the built-in provider, or a Firebase
  // account deleted and created again) gives way, with its sessions.
  for (const row of existing) {
    if (row.id !== identity.uid) await db.delete(authUser).where(eq(authUser.id, row.id));
  }
  const values = {
    email: mail,
    name: identity.name || mail,
    emailVerified: identity.mailVerified,
    updatedAt: new Date(),
  };
  await db
    .insert(authUser)
    .values({ id: identity.uid, ...values })
    .onConflictDoUpdate({ target: authUser.id, set: values });
}

const stateOf = (user: {
  uid: string;
  email?: string;
  displayName?: string;
  emailVerified: boolean;
  disabled: boolean;
}): IdentityState => ({
  uid: user.uid,
  mail: normaliseMail(user.email ?? ''),
  name: user.displayName ?? '',
  mailVerified: user.emailVerified,
  disabled: user.disabled,
});

/** The portal's reset screen for the code of a link Firebase generated. */
function portalLinkOf(publicBaseUrl: string, firebaseLink: string, invitation: boolean): string {
  const code = new URL(firebaseLink).searchParams.get('oobCode');
  if (!code) throw new Error('Firebase generated a link without its code');
  const screen = invitation ? INVITATION_SCREEN_PATH : PASSWORD_SCREEN_PATH;
  const separator = screen.includes('?') ? '&' : '?';
  return `${publicBaseUrl}${screen}${separator}token=${encodeURIComponent(code)}`;
}

export interface FirebaseIdentityPort extends IdentityPort {
  /** The link of a verification mail (Firebase's action handler, then the login screen). */
  verificationLink(uid: string): Promise<string>;
  /**
   * Whether Firebase refuses the identity now (the access-token verifier and /token ask): gone,
   * disabled, or, for a session signed in at `signedInAt`, its credentials changed since (a password
   * changed at Firebase, its tokens revoked: Firebase's valid-since time is later). Such a session is
   * ended here.
   */
  isRefused(uid: string, signedInAt?: Date): Promise<boolean>;
  /**
   * Firebase's valid-since time of the mail's identity: moved when the password is changed at
   * Firebase (by the person through Firebase's own flows, or in the console) or its tokens are
   * revoked. Null when there is none (or no identity).
   */
  credentialsChangedAt(mail: string): Promise<Date | null>;
}

/**
 * The identity port on Firebase. `db` is the portal's database, where the portal's sessions
 * (Better Auth) live: ending an identity's sessions ends those too.
 */
export function createFirebaseIdentity(config: Config, db: Database): FirebaseIdentityPort {
  const fb = () => firebaseAuthOf(config);
  const continueTo = { url: `${config.publicBaseUrl}${LOGIN_SCREEN_PATH}` };
  const portalLink = (firebaseLink: string, invitation: boolean) =>
    portalLinkOf(config.publicBaseUrl, firebaseLink, invitation);
  const mailOf = async (uid: string) => {
    const user = await fb().getUser(uid);
    if (!user.email) throw new Error(`the Firebase identity ${uid} has no mail`);
    return user.email;
  };
  const getIdentity = async (uid: string) => {
    try {
      return stateOf(await fb().getUser(uid));
    } catch (err) {
      if (codeOf(err) === 'auth/user-not-found') return null;
      throw err;
    }
  };
  return {
    async createIdentity(input) {
      const mail = normaliseMail(input.mail);
      try {
        const user = await fb().createUser({
          email: mail,
          displayName: input.name,
          emailVerified: input.mailVerified,
          ...(input.password ? { password: input.password } : {}),
        });
        return user.uid;
      } catch (err) {
        if (codeOf(err) === 'auth/email-already-exists') throw new IdentityExistsError(mail);
        throw err;
      }
    },

    async findUidByMail(mail) {
      try {
        return (await fb().getUserByEmail(normaliseMail(mail))).uid;
      } catch (err) {
        if (codeOf(err) === 'auth/user-not-found') return null;
        throw err;
      }
    },

    getIdentity,

    // Firebase makes the code (and decides how long it lives); the link is the portal's own reset
    // screen, which posts it to /api/auth/reset-password, where the portal checks the password
    // policy, has Firebase set the password, lifts the lock and ends the sessions
    // (docs/decisions/011).
    invitationLinkValidSeconds: RESET_LINK_VALID_SECONDS,
    invitationLink: async (uid) =>
      portalLink(await fb().generatePasswordResetLink(await mailOf(uid), continueTo), true),
    resetLink: async (uid) =>
      portalLink(await fb().generatePasswordResetLink(await mailOf(uid), continueTo), false),
    verificationLink: async (uid) =>
      fb().generateEmailVerificationLink(await mailOf(uid), continueTo),

    async checkPassword(uid, mail, password) {
      const checked = await checkFirebasePassword(config, mail, password);
      return checked.kind === 'ok' && checked.uid === uid;
    },

    async setPassword(uid, password) {
      await fb().updateUser(uid, { password });
    },

    async markMailVerified(uid) {
      await fb().updateUser(uid, { emailVerified: true });
      await db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, uid));
    },

    async endSessions(uid) {
      await fb()
        .revokeRefreshTokens(uid)
        .catch((err: unknown) => {
          if (codeOf(err) !== 'auth/user-not-found') throw err;
        });
      // The portal's own sessions: deleting the mirror's sessions ends them and their tokens.
      await db.delete(authSession).where(eq(authSession.userId, uid));
    },

    async setDisabled(uid, disabled) {
      try {
        await fb().updateUser(uid, { disabled });
      } catch (err) {
        if (codeOf(err) !== 'auth/user-not-found') throw err;
      }
    },

    async deleteIdentity(uid) {
      try {
        await fb().deleteUser(uid);
      } catch (err) {
        if (codeOf(err) !== 'auth/user-not-found') throw err;
      }
      await db.delete(authUser).where(eq(authUser.id, uid));
    },

    async credentialsChangedAt(mail) {
      try {
        const user = await fb().getUserByEmail(normaliseMail(mail));
        const since = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : NaN;
        return Number.isFinite(since) ? new Date(since) : null;
      } catch (err) {
        if (codeOf(err) === 'auth/user-not-found') return null;
        throw err;
      }
    },

    async isRefused(uid, signedInAt) {
      let user: Awaited<ReturnType<FirebaseAuth['getUser']>>;
      try {
        user = await fb().getUser(uid);
      } catch (err) {
        if (codeOf(err) === 'auth/user-not-found') return true;
        throw err;
      }
      if (user.disabled) return true;
      if (!signedInAt || !user.tokensValidAfterTime) return false;
      // Firebase keeps the time in whole seconds: a session of that very second counts as after.
      const validSince = Date.parse(user.tokensValidAfterTime);
      if (!Number.isFinite(validSince) || signedInAt.getTime() >= validSince) return false;
      await db
        .delete(authSession)
        .where(and(eq(authSession.userId, uid), lt(authSession.createdAt, new Date(validSince))));
      return true;
    },
  };
}
