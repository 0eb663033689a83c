import type { Database } from '../../../db/client';
import { foldMail } from '../../../domain/mail-address';
import { LOGIN_MESSAGES } from '../../../domain/messages';
import { accountLockedUntil } from '../../repositories/account-lock-repository';
import { AppError } from '../app-error';

// The refusals sign-in and the password change share, in the words of docs/product.md §8.

/** The lock holds: the spec's words, and until when, for the screen to add. */
export async function lockedRefusal(db: Database, mail: string): Promise<AppError> {
  const until = await accountLockedUntil(db, mail);
  return new AppError('locked', 'ACCOUNT_LOCKED', LOGIN_MESSAGES.locked, {
    ...(until ? { lockedUntil: until } : {}),
  });
}

/** A wrong mail or password; `lockedNow` when this very failure set the lock. */
export async function wrongCredentialsRefusal(
  db: Database,
  mail: string,
  lockedNow: boolean,
  /** A sign-in's refusal (401), or a password change's (400 INVALID_PASSWORD). */
  as: 'sign-in' | 'password-change' = 'sign-in',
): Promise<AppError> {
  const until = lockedNow ? await accountLockedUntil(db, mail) : null;
  const [refusal, code] =
    as === 'sign-in'
      ? (['unauthenticated', 'INVALID_EMAIL_OR_PASSWORD'] as const)
      : (['invalid', 'INVALID_PASSWORD'] as const);
  return new AppError(refusal, code, LOGIN_MESSAGES.wrongCredentials, {
    accountLocked: lockedNow,
    ...(until ? { lockedUntil: until } : {}),
  });
}

/** The mail of a sign-in or mail-request form, full-width letters folded (domain/mail-address.ts). */
export const mailOfForm = (value: unknown): string =>
  typeof value === 'string' ? foldMail(value) : '';

/** The code of a provider's error answer, when it has one. */
export async function providerErrorCode(response: Response): Promise<string | undefined> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return typeof body?.code === 'string' ? body.code : undefined;
}
