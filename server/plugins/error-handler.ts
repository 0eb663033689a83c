import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_ERROR_MESSAGES, type ApiError, type ApiErrorCode } from '../../domain/api-error';
import { HttpError } from '../errors';

const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'VALIDATION_ERROR',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

function messageOf(code: string): string {
  return (API_ERROR_MESSAGES as Record<string, string>)[code] ?? API_ERROR_MESSAGES.INTERNAL_ERROR;
}

/** Turns every error into the JSON error shape; internals (stack, SQL, driver text) stay in the log. */
export function toApiError(error: FastifyError | Error): ApiError {
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
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR';
    return { statusCode: status, code, message: messageOf(code) };
  }
  return { statusCode: 500, code: 'INTERNAL_ERROR', message: API_ERROR_MESSAGES.INTERNAL_ERROR };
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toApiError(error);
    if (body.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: body.code, reason: error.message }, 'request refused');
    }
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  });
});
