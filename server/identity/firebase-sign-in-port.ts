import type { Database } from '../../db/client';
import {
  meetsPasswordPolicy,
  newPasswordRefusal,
  PASSWORD_POLICY_TEXT,
} from '../../domain/password-policy';
import type { Config } from '../config';
import { HttpError } from '../errors';
import type { Mailer } from '../mail/mail-port';
import {
  checkFirebasePassword,
  confirmFirebasePasswordReset,
  createFirebaseIdentity,
} from './firebase-identity';
import { FORWARDED_SIGN_IN_HEADER, FORWARDED_SIGN_IN_KEY } from './firebase-sign-in';
import { VERIFICATION_LINK_VALID_SECONDS } from './identity';
import {
  IdentityProviderUnavailableError,
  type ProviderRequest,
  RESET_LINK_VALID_SECONDS,
  type SignInPort,
} from './identity-port';
import { passwordResetMail, verificationMail } from './mail-templates';

// The portal's /api/auth steps when Firebase holds the credentials (docs/decisions/011): Firebase
// checks and sets passwords and makes the links; the portal keeps its sessions on Better Auth
// (server/identity/firebase-sign-in.ts) and sends its own mails. Every answer has the built-in
// provider's shape.

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** Firebase not answering: 503, and the client tries again a little later. */
const unavailable = (err: unknown) =>
  Object.assign(new HttpError(503, 'SERVICE_UNAVAILABLE', undefined, {}, 5), { cause: err });

async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof IdentityProviderUnavailableError) throw unavailable(err);
    throw err;
  }
}

/** The portal's own session for a right password: Better Auth's cookie, through its router. */
const sessionEndpoint = (request: ProviderRequest, mail: string, password: string) =>
  request.forward(
    '/sign-in/firebase',
    { email: mail, password },
    { [FORWARDED_SIGN_IN_HEADER]: FORWARDED_SIGN_IN_KEY },
  );

export function createFirebaseSignIn(
  config: Config,
  db: Database,
  mailer: Mailer,
  log: { error: (details: object, message: string) => void },
): SignInPort {
  const port = createFirebaseIdentity(config, db);
  /** Mails go out after the answer, as the built-in provider's; a failure is only logged. */
  const sendLater = (work: () => Promise<void>) => {
    work().catch((err: unknown) => {
      log.error({ err, component: 'identity' }, 'identity mail could not be sent');
    });
  };
  const mailOfUid = async (
    mail: string,
    send: (uid: string, name: string, verified: boolean) => Promise<void>,
  ) => {
    if (!mail) return;
    const uid = await port.findUidByMail(mail);
    if (!uid) return;
    sendLater(async () => {
      const identity = await port.getIdentity(uid);
      if (!identity || identity.disabled) return;
      await send(uid, identity.name, identity.mailVerified);
    });
  };
  return {
    signInWithPassword: sessionEndpoint,

    async changePassword(request, who, input) {
      const refusal = newPasswordRefusal(input.newPassword);
      if (refusal)
        return Response.json({ code: 'PASSWORD_POLICY', message: refusal }, { status: 400 });
      const current = typeof input.currentPassword === 'string' ? input.currentPassword : '';
      const checked = meetsPasswordPolicy(current)
        ? await orUnavailable(() => checkFirebasePassword(config, who.mail, current))
        : ({ kind: 'wrong' } as const);
      if (checked.kind === 'wrong' || checked.uid !== who.uid) {
        return Response.json(
          { code: 'INVALID_PASSWORD', message: 'Invalid password' },
          { status: 400 },
        );
      }
      const newPassword = input.newPassword as string;
      await port.setPassword(who.uid, newPassword);
      await port.endSessions(who.uid);
      // The changing browser goes on, with a session made by the new password.
      return sessionEndpoint(request, who.mail, newPassword);
    },

    async confirmReset(_request, input) {
      const { token, newPassword } = input;
      const refusal = newPasswordRefusal(newPassword);
      if (refusal || typeof newPassword !== 'string') {
        throw new HttpError(400, 'PASSWORD_POLICY', refusal ?? PASSWORD_POLICY_TEXT);
      }
      const invalidToken = () => new HttpError(400, 'INVALID_TOKEN', 'Invalid token');
      if (typeof token !== 'string' || !token) throw invalidToken();
      const mail = await orUnavailable(() =>
        confirmFirebasePasswordReset(config, token, newPassword),
      );
      if (!mail) throw invalidToken();
      // As the built-in provider: the link proves the mailbox, and every session ends.
      const uid = await port.findUidByMail(mail);
      if (uid) {
        await port.markMailVerified(uid);
        await port.endSessions(uid);
      }
      return { response: Response.json({ status: true }), identity: { uid, mail } };
    },

    async requestResetMail(_request, mail) {
      await mailOfUid(mail, async (uid, name) => {
        const link = await port.resetLink(uid);
        await mailer.send(
          { to: mail, ...passwordResetMail(config, name, link) },
          { kind: 'password-reset', expiresAt: inSeconds(RESET_LINK_VALID_SECONDS) },
        );
      });
      return Response.json({
        status: true,
        message: 'If this email exists in our system, check your email for the reset link',
      });
    },

    async requestVerificationMail(_request, mail) {
      await mailOfUid(mail, async (uid, name, verified) => {
        if (verified) return;
        const link = await port.verificationLink(uid);
        await mailer.send(
          { to: mail, ...verificationMail(config, name, link) },
          { kind: 'verification', expiresAt: inSeconds(VERIFICATION_LINK_VALID_SECONDS) },
        );
      });
      return Response.json({ status: true });
    },

    isRefused: (uid, signedInAt) => port.isRefused(uid, signedInAt),
    credentialsChangedAt: (mail) => port.credentialsChangedAt(mail),
  };
}
