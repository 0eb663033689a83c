import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_ERROR_MESSAGES, type ApiError, type ApiErrorCode } from '../../domain/api-error';
import { HttpError } from '../errors';
import { IdentityProviderUnavailableError } from '../identity/identity-port';
import { CounterStoreUnavailableError } from '../rate-limit/counter-store';
import { AppError, STATUS_OF_REFUSAL } from '../services/app-error';
import { StorageUnavailableError } from '../storage/storage-port';

const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'VALIDATION_ERROR',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

function messageOf(code: string): string {
  return (API_ERROR_MESSAGES as Record<string, string>)[code] ?? API_ERROR_MESSAGES.INTERNAL_ERROR;
}

export const STORAGE_UNAVAILABLE_MESSAGE =
  'ファイルサーバーに接続できません。時間をおいて再度お試しください。';
/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** The error and the errors it wraps (Drizzle wraps the driver's error in DrizzleQueryError). */
function* chainOf(error: unknown): Generator<unknown> {
  let current = error;
  for (let depth = 0; current && depth < 5; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ECONNABORTED',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|database did not answer|Client was closed|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * Node's error on a request whose client went away mid-body (it closed or reset the connection,
 * or the server closed it after a 408): `aborted` with code ECONNRESET on the request stream, which
 * Fastify's body reader hands on. The same code from a database socket reads `read ECONNRESET`.
 */
function isRequestAborted(e: unknown): boolean {
  return (
    e instanceof Error && (e as { code?: unknown }).code === 'ECONNRESET' && e.message === 'aborted'
  );
}

/**
 * What an unexpected error says about the outside systems: the database or the object store not
 * answering (503, the client may retry), or a value the database refused as data (SQLSTATE class
 * 22, e.g. a number out of range or a NUL character: the request's fault, 400). A client that
 * aborted its own request is neither: no service is unavailable, and nobody reads the answer.
 */
export function classifyError(
  error: unknown,
): 'database-unavailable' | 'storage-unavailable' | 'bad-data' | 'client-aborted' | null {
  for (const e of chainOf(error)) {
    if (isRequestAborted(e)) return 'client-aborted';
    if (e instanceof StorageUnavailableError) return 'storage-unavailable';
    // Redis behind the rate limits: like the database, a service the request cannot do without.
    if (e instanceof CounterStoreUnavailableError) return 'database-unavailable';
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      // 08: connection exception; 57P01-03: admin shutdown, crash shutdown, cannot connect now;
      // 53300: too many connections.
      if (/^08...$|^57P0[1-3]$|^53300$/.test(code) || NETWORK_CODES.has(code)) {
        return 'database-unavailable';
      }
      if (/^22...$/.test(code)) return 'bad-data';
    }
    if (e instanceof Error && UNAVAILABLE_MESSAGES.test(e.message)) return 'database-unavailable';
  }
  return null;
}

/** Turns every error into the JSON error shape; internals (stack, SQL, driver text) stay in the log. */
export function toApiError(error: FastifyError | Error): ApiError {
  if (error instanceof AppError) {
    const { accountLocked, lockedUntil, ...extra } = error.extra;
    return {
      statusCode: STATUS_OF_REFUSAL[error.refusal],
      code: error.code,
      message: error.message === error.code ? messageOf(error.code) : error.message,
      ...extra,
      ...(accountLocked ? { account_locked: true } : {}),
      ...(lockedUntil ? { locked_until: lockedUntil.toISOString() } : {}),
    };
  }
  if (error instanceof IdentityProviderUnavailableError) {
    return {
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: API_ERROR_MESSAGES.SERVICE_UNAVAILABLE,
    };
  }
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message === error.code ? messageOf(error.code) : error.message,
      ...error.extra,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: API_ERROR_MESSAGES.VALIDATION_ERROR,
      fieldErrors: error.validation.map((v) => ({
        field:
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          String((v.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') ?? ''),
        message: v.message ?? '不正な値です。',
      })),
    };
  }
  const status = (error as FastifyError).statusCode;
  switch (classifyError(error)) {
    case 'database-unavailable':
      return {
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: API_ERROR_MESSAGES.SERVICE_UNAVAILABLE,
      };
    case 'storage-unavailable':
      return { statusCode: 503, code: 'STORAGE_UNAVAILABLE', message: STORAGE_UNAVAILABLE_MESSAGE };
    case 'bad-data':
    case 'client-aborted':
      return {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: API_ERROR_MESSAGES.VALIDATION_ERROR,
      };
    default:
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR';
    return { statusCode: status, code, message: messageOf(code) };
  }
  return { statusCode: 500, code: 'INTERNAL_ERROR', message: API_ERROR_MESSAGES.INTERNAL_ERROR };
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toApiError(error);
    if (body.statusCode === 503) {
      request.log.warn({ err: error, code: body.code }, 'request failed: a service is unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (body.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (classifyError(error) === 'client-aborted') {
      request.log.info({ reason: error.message }, 'request aborted by the client');
    } else {
      request.log.info({ code: body.code, reason: error.message }, 'request refused');
    }
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  });
});
