import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { normaliseMail } from '../../domain/mail-address';
import { createFirebaseIdentity } from './firebase-identity';
import {
  AUTH_BASE_PATH,
  type Auth,
  configurationOf,
  identityOfResetToken,
  resetTokenIdentifier,
} from './identity';
import {
  IdentityExistsError,
  type IdentityPort,
  INVITATION_SCREEN_PATH,
  type NewIdentity,
  PASSWORD_SCREEN_PATH,
  RESET_LINK_VALID_SECONDS,
  type SignInPort,
} from './identity-port';

// The identity port on the built-in provider (Better Auth on the portal's database, decision 003).
// Only the library's API is used: its endpoints where one exists, otherwise its internal adapter
// and password hasher, never its tables, so that its storage stays its own business.

/** An invitation may be read days after it was sent (a weekend, a holiday). */
export const INVITATION_LINK_VALID_SECONDS = 72 * 60 * 60;

/** Better Auth calls an identity made by the server rather than by sign-up an admin creation. */
const CREATED_BY_SERVER = { method: 'admin' } as const;

async function createIdentity(auth: Auth, input: NewIdentity): Promise<string> {
  const ctx = await auth.$context;
  const mail = normaliseMail(input.mail);
  if (await ctx.internalAdapter.findUserByEmail(mail)) throw new IdentityExistsError(mail);
  // Without a first password, one nobody knows: a credential account must exist for the
  // provider's sign-in to answer "wrong password" rather than "no such account", and the
  // invitation's link replaces it.
  const hash = await ctx.password.hash(input.password ?? randomBytes(32).toString('base64url'));
  let uid: string;
  try {
    uid = (
      await ctx.internalAdapter.createUser(
        { email: mail, name: input.name, emailVerified: input.mailVerified },
        CREATED_BY_SERVER,
      )
    ).id;
  } catch (err) {
    // Two creations of one mail at once: the unique mail lets one through.
    if (await ctx.internalAdapter.findUserByEmail(mail)) throw new IdentityExistsError(mail);
    throw err;
  }
  try {
    await ctx.internalAdapter.linkAccount({
      userId: uid,
      providerId: 'credential',
      accountId: uid,
      password: hash,
    });
  } catch (err) {
    // An identity nobody could ever sign in with would hold the mail: gone again.
    await ctx.internalAdapter.deleteUser(uid).catch(() => {});
    throw err;
  }
  return uid;
}

/**
 * A link the provider's own reset route accepts (GET /api/auth/reset-password/:token checks the
 * token and sends the browser on to the landing screen with it; POST /reset-password sets the
 * password, verifies the mail and lifts the lock, server/identity/identity.ts onPasswordReset).
 */
async function passwordLink(
  auth: Auth,
  publicBaseUrl: string,
  uid: string,
  validSeconds: number,
  landingPath: string,
): Promise<string> {
  const ctx = await auth.$context;
  const token = randomBytes(18).toString('base64url');
  await ctx.internalAdapter.createVerificationValue({
    identifier: resetTokenIdentifier(token),
    value: uid,
    expiresAt: new Date(Date.now() + validSeconds * 1000),
  });
  return `${publicBaseUrl}${AUTH_BASE_PATH}/reset-password/${token}?callbackURL=${encodeURIComponent(landingPath)}`;
}

/** The identity port on Better Auth; links are made for the portal's public address. */
export function createBuiltinIdentity(auth: Auth, publicBaseUrl: string): IdentityPort {
  const adapter = async () => (await auth.$context).internalAdapter;
  return {
    createIdentity: (input) => createIdentity(auth, input),

    async findUidByMail(mail) {
      const found = await (await adapter()).findUserByEmail(normaliseMail(mail));
      return found?.user.id ?? null;
    },

    async getIdentity(uid) {
      const user = await (await adapter()).findUserById(uid);
      if (!user) return null;
      return {
        uid: user.id,
        mail: user.email,
        name: user.name,
        mailVerified: user.emailVerified,
        disabled: false,
      };
    },

    invitationLinkValidSeconds: INVITATION_LINK_VALID_SECONDS,
    invitationLink: (uid) =>
      passwordLink(auth, publicBaseUrl, uid, INVITATION_LINK_VALID_SECONDS, INVITATION_SCREEN_PATH),

    resetLink: (uid) =>
      passwordLink(auth, publicBaseUrl, uid, RESET_LINK_VALID_SECONDS, PASSWORD_SCREEN_PATH),

    async checkPassword(uid, mail, password) {
      const ctx = await auth.$context;
      const user = await ctx.internalAdapter.findUserById(uid);
      if (!user || normaliseMail(user.email) !== normaliseMail(mail)) return false;
      const credential = await ctx.internalAdapter.findCredentialAccount(uid);
      if (!credential?.password) return false;
      return ctx.password.verify({ hash: credential.password, password });
    },

    async setPassword(uid, password) {
      const ctx = await auth.$context;
      const hash = await ctx.password.hash(password);
      const credential = await ctx.internalAdapter.findCredentialAccount(uid);
      if (credential) await ctx.internalAdapter.updatePassword(uid, hash);
      else {
        await ctx.internalAdapter.linkAccount({
          userId: uid,
          providerId: 'credential',
          accountId: uid,
          password: hash,
        });
      }
    },

    async markMailVerified(uid) {
      await (await adapter()).updateUser(uid, { emailVerified: true });
    },

    async endSessions(uid) {
      await (await adapter()).deleteUserSessions(uid);
    },

    // No provider-side state: a person without an active row is refused by the portal's rows.
    async setDisabled() {},

    async deleteIdentity(uid) {
      // Sessions and accounts go with it (the provider's tables cascade).
      await (await adapter()).deleteUser(uid);
    },
  };
}

/**
 * An identity with a password, for the tests and scripts that build accounts directly (sign-up
 * is closed), at the provider the instance was configured for (IDENTITY_PROVIDER=firebase: a
 * Firebase account). Returns the uid.
 */
export async function createPasswordIdentity(
  auth: Auth,
  input: { email: string; name: string; password: string; emailVerified: boolean },
): Promise<string> {
  const made = configurationOf(auth);
  if (made?.config.IDENTITY_PROVIDER === 'firebase') {
    return createFirebaseIdentity(made.config, made.db).createIdentity({
      mail: input.email,
      name: input.name,
      password: input.password,
      mailVerified: input.emailVerified,
    });
  }
  return createIdentity(auth, {
    mail: input.email,
    name: input.name,
    password: input.password,
    mailVerified: input.emailVerified,
  });
}

/** A request's body as an object (the mail in the portal's spelling goes over its own). */
const objectOf = (body: unknown): object =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};

/**
 * The built-in provider's part of the portal's /api/auth routes: its own endpoints, reached with
 * the client's request (its session cookie, origin and query string).
 */
export function createBuiltinSignIn(auth: Auth, db: Database): SignInPort {
  return {
    signInWithPassword: (request, mail, password) =>
      request.forward('/sign-in/email', { ...objectOf(request.body), email: mail, password }),
    changePassword: (request, _who, input) =>
      request.forward('/change-password', { ...input, revokeOtherSessions: true }),
    async confirmReset(request, input) {
      const uid =
        typeof input.token === 'string' ? await identityOfResetToken(db, input.token) : null;
      const response = await request.forward('/reset-password');
      if (!response.ok || !uid) return { response, identity: null };
      const user = await (await auth.$context).internalAdapter.findUserById(uid);
      return { response, identity: user ? { uid, mail: normaliseMail(user.email) } : null };
    },
    requestResetMail: (request, mail) =>
      request.forward('/request-password-reset', { ...objectOf(request.body), email: mail }),
    requestVerificationMail: (request, mail) =>
      request.forward('/send-verification-email', { ...objectOf(request.body), email: mail }),
    // Nothing is refused at this provider: the portal refuses a person by their user rows.
    isRefused: async () => false,
    credentialsChangedAt: async () => null,
  };
}
