import type { ApiErrorCode } from '../../domain/api-error';

/**
 * What kind of refusal a use case ends with; the error handler (server/plugins/error-handler.ts)
 * gives each its HTTP status, so that use cases speak of the operation and not of the wire.
 */
export const STATUS_OF_REFUSAL = {
  /** The input cannot be acted on as given (400). */
  invalid: 400,
  /** Who is asking is not proved: no session, or a code or password that is not theirs (401). */
  unauthenticated: 401,
  /** Proved, but not allowed, or not now (403). */
  forbidden: 403,
  'not-found': 404,
  /** The state does not allow it (409). */
  conflict: 409,
  /** The account lock holds (423, docs/product.md §4). */
  locked: 423,
  /** A service it needs does not answer; the client retries (503). */
  unavailable: 503,
} as const;
export type Refusal = keyof typeof STATUS_OF_REFUSAL;

/** An error a use case throws on purpose; the error handler turns it into the JSON error shape. */
export class AppError extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly code: ApiErrorCode | (string & {}),
    message?: string,
    readonly extra: {
      detail?: { description: string };
      fieldErrors?: { field: string; message: string }[];
      /** This very failure locked the account (the sign-in screens say so). */
      accountLocked?: boolean;
      /** When the account lock ends (the sign-in screens say until when). */
      lockedUntil?: Date;
    } = {},
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}
