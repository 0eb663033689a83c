// The identity port: everything the portal needs from an identity provider, and nothing of how a
// provider keeps it (docs/product.md §10: built in on Better Auth today, Firebase Authentication
// next). Identities are named by their uid, which user rows keep in users.firebase_uid; mails are
// passed in normaliseMail's spelling (domain/mail-address.ts).
//
// The portal keeps its own sessions and access tokens (docs/decisions/003, 008) and its own account
// lock; the port only holds credentials and says who someone is. Each method maps onto one call of
// either provider:
//
// | port                 | built in (Better Auth)                  | Firebase Authentication (firebase-admin)      |
// |----------------------|-----------------------------------------|-----------------------------------------------|
// | createIdentity       | internalAdapter.createUser + account    | createUser                                    |
// | findUidByMail        | internalAdapter.findUserByEmail         | getUserByEmail (user-not-found → null)        |
// | getIdentity          | internalAdapter.findUserById            | getUser (disabled as Firebase keeps it)       |
// | invitationLink       | a reset token of 72 hours               | generatePasswordResetLink(+ continue URL)     |
// | resetLink            | a reset token of 1 hour                 | generatePasswordResetLink                     |
// | checkPassword        | password.verify of the credential       | REST signInWithPassword + verifyIdToken       |
// | setPassword          | password.hash + updatePassword          | updateUser({ password })                      |
// | markMailVerified     | updateUser({ emailVerified })           | updateUser({ emailVerified: true })           |
// | endSessions          | deleteUserSessions                      | revokeRefreshTokens + the portal's sessions   |
// | setDisabled          | (nothing: the user rows refuse)         | updateUser({ disabled })                      |
// | deleteIdentity       | deleteUser (sessions, accounts cascade) | deleteUser                                    |

/** What a provider knows of one identity. */
export interface IdentityState {
  uid: string;
  mail: string;
  name: string;
  mailVerified: boolean;
  /**
   * Sign-in refused by the provider (Firebase's disabled flag; always false for the built-in
   * provider, which has no such state: the portal refuses a person by their user rows).
   */
  disabled: boolean;
}

export interface NewIdentity {
  /** In normaliseMail's spelling. */
  mail: string;
  name: string;
  mailVerified: boolean;
  /**
   * The first password (the demo seed). Without one, nobody can sign in until the person sets a
   * password through an invitation or reset link.
   */
  password?: string;
}

/** The mail already has an identity (Firebase's auth/email-already-exists). */
export class IdentityExistsError extends Error {
  override name = 'IdentityExistsError';
  constructor(readonly mail: string) {
    super('an identity with this mail already exists');
  }
}

/** How long the link of a password-reset mail works. */
export const RESET_LINK_VALID_SECONDS = 60 * 60;

/** The provider did not answer (or answered with an error it should not give): the caller retries. */
export class IdentityProviderUnavailableError extends Error {
  override name = 'IdentityProviderUnavailableError';
}

/**
 * The web app's screen where a password link lands, the token in its query string
 * (web/src/config/paths.ts resetPassword). An invitation adds `invitation=1`, so that the screen
 * speaks of registering rather than of re-setting a password the person never had
 * (docs/decisions/003).
 */
export const PASSWORD_SCREEN_PATH = '/reset-password';
export const INVITATION_SCREEN_PATH = `${PASSWORD_SCREEN_PATH}?invitation=1`;

export interface IdentityPort {
  /** Creates an identity and returns its uid; IdentityExistsError when the mail has one. */
  createIdentity(input: NewIdentity): Promise<string>;
  /** The uid of the identity of a mail, or null when it has none. */
  findUidByMail(mail: string): Promise<string | null>;
  /** An identity's state, or null when it does not exist (deleted, or never created). */
  getIdentity(uid: string): Promise<IdentityState | null>;
  /**
   * The link an invitation mail carries: following it lets the person choose their first password
   * and proves the mailbox (the mail counts as verified and the account lock is lifted). Valid
   * longer than a reset link, as a new person may read the mail days later.
   */
  invitationLink(uid: string): Promise<string>;
  /**
   * How long an invitation's link works, in seconds: 72 hours built in; Firebase's code lives as
   * long as its reset code, about an hour (docs/decisions/011).
   */
  readonly invitationLinkValidSeconds: number;
  /** The link a password-reset mail carries; as the invitation's, for a shorter time. */
  resetLink(uid: string): Promise<string>;
  /**
   * Whether the password is the identity's; false when `mail` is not the identity's mail (Firebase
   * checks a password by mail, so both providers answer for the pair).
   * No lock, no policy: callers count the check under the account lock (docs/decisions/008) and
   * refuse a password of the wrong format before asking. Throws
   * IdentityProviderUnavailableError when the provider does not answer.
   */
  checkPassword(uid: string, mail: string, password: string): Promise<boolean>;
  /** Sets the password, without any policy check: callers check docs/product.md §5 first. */
  setPassword(uid: string, password: string): Promise<void>;
  markMailVerified(uid: string): Promise<void>;
  /**
   * Ends every session of the identity: no new access token can be had from them, and tokens
   * already issued are refused once the verifier looks again (docs/decisions/008).
   */
  endSessions(uid: string): Promise<void>;
  /**
   * Refuses (or allows again) every sign-in of the identity at the provider: user administration
   * disables a person whose last user row it deleted, and enables them when they are added again
   * (docs/decisions/011). The built-in provider has no such state (its sign-in is refused by the
   * rows).
   */
  setDisabled(uid: string, disabled: boolean): Promise<void>;
  /**
   * Removes the identity with its sessions; nothing happens when it does not exist. User
   * administration removes only an identity it has just created and could not give a user row.
   */
  deleteIdentity(uid: string): Promise<void>;
}

/**
 * The client's request as the provider's own endpoints read it (its cookies, origin and query
 * string), handed on to one of them at its canonical path under /api/auth. `body` replaces the
 * request's own; `headers` are added (a key only this process knows, for an endpoint the server
 * mounts no route to).
 */
export interface ProviderRequest {
  /** The request's own body, as the client sent it. */
  readonly body: unknown;
  forward(endpoint: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** The identity a reset link's new password was set for; null when the link is expired or unknown. */
export interface ConfirmedReset {
  /** The provider's answer, as the built-in /reset-password gives it. */
  response: Response;
  /** `uid` null when the provider no longer finds the identity of the mail it reset. */
  identity: { uid: string | null; mail: string } | null;
}

/**
 * The provider's part of the portal's own /api/auth routes (server/services/auth): the steps of a
 * sign-in, password change and reset that need the provider's session cookie or its own mails.
 * Each answers as the built-in provider's endpoint of the same name answers, so that the use
 * cases and the web app read one shape whichever provider holds the credentials
 * (docs/decisions/011). Limits, the lock, the second factor and the audit are the use cases'.
 *
 * | port                 | built in (Better Auth)                 | Firebase Authentication                        |
 * |----------------------|----------------------------------------|------------------------------------------------|
 * | signInWithPassword   | /sign-in/email                         | REST signInWithPassword, then /sign-in/firebase |
 * | changePassword       | /change-password (other sessions end)  | checkPassword, setPassword, endSessions, sign in |
 * | confirmReset         | /reset-password                        | REST resetPassword, markMailVerified, endSessions |
 * | requestResetMail     | /request-password-reset (its own mail) | resetLink, the portal's mail                   |
 * | requestVerification… | /send-verification-email               | generateEmailVerificationLink, the portal's mail |
 * | isRefused            | never (the rows refuse)                | disabled, gone, or credentials changed since   |
 * | credentialsChangedAt | never                                  | tokensValidAfterTime                           |
 */
export interface SignInPort {
  /**
   * Checks the password and, when it is right and the mail verified, makes the portal's session:
   * 200 with the session cookie; 401 INVALID_EMAIL_OR_PASSWORD for a wrong password or an
   * unknown account; 403 EMAIL_NOT_VERIFIED; 503 when the provider does not answer.
   */
  signInWithPassword(request: ProviderRequest, mail: string, password: string): Promise<Response>;
  /**
   * The signed-in person's password change: 400 INVALID_PASSWORD when the current password is
   * wrong, 400 PASSWORD_POLICY for a new one outside docs/product.md §5; otherwise every other
   * session ends and the changing browser goes on with a new one (its cookie in the answer).
   */
  changePassword(
    request: ProviderRequest,
    who: { uid: string; mail: string },
    input: { currentPassword?: unknown; newPassword?: unknown },
  ): Promise<Response>;
  /**
   * A reset (or invitation) link's new password: set, the mail counts as verified and every
   * session of the identity ends.
   */
  confirmReset(
    request: ProviderRequest,
    input: { token?: unknown; newPassword?: unknown },
  ): Promise<ConfirmedReset>;
  /**
   * A reset mail with a link valid RESET_LINK_VALID_SECONDS for the mail's identity, if it has
   * one; the answer is the same for every address.
   */
  requestResetMail(request: ProviderRequest, mail: string): Promise<Response>;
  /** A verification mail for the mail's identity, if it has one not yet verified; one answer. */
  requestVerificationMail(request: ProviderRequest, mail: string): Promise<Response>;
  /** Whether the provider refuses the identity now, for a session signed in at `signedInAt`. */
  isRefused(uid: string, signedInAt?: Date): Promise<boolean>;
  /** When the provider last changed the mail's credentials on its own; null when never. */
  credentialsChangedAt(mail: string): Promise<Date | null>;
}
