import type { ApiErrorCode } from '../domain/api-error';

/** An error a service throws on purpose; the error handler turns it into the JSON error shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode | (string & {}),
    message?: string,
    readonly extra: {
      detail?: { description: string };
      fieldErrors?: { field: string; message: string }[];
    } = {},
    /** Sent as Retry-After with a 429 or 503. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message ?? code);
    this.name = 'HttpError';
  }
}

export const forbidden = (message?: string) => new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message?: string) => new HttpError(404, 'NOT_FOUND', message);
export const badRequest = (fieldErrors: { field: string; message: string }[], message?: string) =>
  new HttpError(400, 'VALIDATION_ERROR', message, { fieldErrors });
