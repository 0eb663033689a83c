import {
  LOGIN_MESSAGES,
  lockedMessage,
  lockedUntilAddition,
  RESET_MESSAGES,
  VERIFICATION_MAIL_MESSAGES,
} from '@domain/messages';
import { isHttpError } from '../../../lib/http';
import type { LoginNotice } from '../../../lib/session';

const error = (...lines: string[]): LoginNotice => ({ kind: 'error', lines });

export const LOGIN_NOTICES = {
  wrongCredentials: error(LOGIN_MESSAGES.wrongCredentials),
  /** docs/product.md §8: the failure that locks the account adds that use is suspended for 1 hour. */
  lockedNow: error(LOGIN_MESSAGES.wrongCredentials, LOGIN_MESSAGES.lockedNowAddition),
  locked: error(LOGIN_MESSAGES.locked),
  notVerified: error(LOGIN_MESSAGES.notVerified),
  deleted: error(LOGIN_MESSAGES.deleted),
  generic: error(LOGIN_MESSAGES.generic),
} as const;

/** After 「確認メールを再送する」: sent (whether or not the address has an account), or not. */
export const resendNotice = (sent: boolean): LoginNotice =>
  sent
    ? { kind: 'success', lines: [VERIFICATION_MAIL_MESSAGES.sent] }
    : error(RESET_MESSAGES.sendFailed);

/** The lock's message, with until when when the server says (docs/product.md §8's words kept). */
export const lockedNotice = (until: Date | null | undefined): LoginNotice =>
  error(lockedMessage(until));

function lockedUntilOf(body: unknown): Date | null {
  const value =
    typeof body === 'object' && body !== null && 'locked_until' in body
      ? (body as { locked_until: unknown }).locked_until
      : null;
  return typeof value === 'string' ? new Date(value) : null;
}

function accountLockedNow(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'account_locked' in body
    ? (body as { account_locked: unknown }).account_locked === true
    : false;
}

/**
 * docs/product.md §8 Login: the message for a failed POST /api/auth/sign-in/email. A page opened at another
 * address than the portal's (the identity provider's 403 INVALID_ORIGIN) names the portal's.
 */
export function signInFailureNotice(failure: unknown, publicBaseUrl: string): LoginNotice {
  if (!isHttpError(failure)) return LOGIN_NOTICES.generic;
  switch (failure.status) {
    // docs/product.md §8 counts invalid-email among the wrong credentials: the identity provider answers
    // 400 INVALID_EMAIL for a mail it cannot read ("user@example").
    case 400:
      return LOGIN_NOTICES.wrongCredentials;
    case 401: {
      if (!accountLockedNow(failure.body)) return LOGIN_NOTICES.wrongCredentials;
      const until = lockedUntilOf(failure.body);
      return until
        ? error(
            LOGIN_MESSAGES.wrongCredentials,
            `${LOGIN_MESSAGES.lockedNowAddition}${lockedUntilAddition(until)}`,
          )
        : LOGIN_NOTICES.lockedNow;
    }
    case 423:
      return lockedNotice(lockedUntilOf(failure.body));
    case 403:
      if (failure.code === 'EMAIL_NOT_VERIFIED') return LOGIN_NOTICES.notVerified;
      if (failure.code === 'INVALID_ORIGIN') {
        return error(LOGIN_MESSAGES.otherAddress(publicBaseUrl));
      }
      return LOGIN_NOTICES.generic;
    // docs/product.md §8 maps the identity provider's too-many-requests to the wrong-credentials message.
    case 429:
      return LOGIN_NOTICES.wrongCredentials;
    default:
      return LOGIN_NOTICES.generic;
  }
}

/** docs/product.md §8: after sign-in, a 409 anywhere means a deleted account; anything else is generic. */
export function afterSignInFailureNotice(failure: unknown): LoginNotice {
  return isHttpError(failure, 409) ? LOGIN_NOTICES.deleted : LOGIN_NOTICES.generic;
}
