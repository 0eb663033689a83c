import { describe, expect, it } from 'vitest';
import { classifyError, toApiError } from '../../server/plugins/error-handler';
import { StorageUnavailableError } from '../../server/storage/storage-port';

// What the error handler makes of errors from outside systems (docs/decisions/006-faults.md).

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** Drizzle's wrapping of a driver error: "Failed query: …" with the driver's error as cause. */
const wrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

describe('error classification', () => {
  it('a database that refuses or drops connections is unavailable: 503 with no internals', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      wrapped(withCode('terminating connection due to administrator command', '57P01')),
      wrapped(withCode('the database system is starting up', '57P03')),
      wrapped(withCode('connection failure', '08006')),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(classifyError(error), error.message).toBe('database-unavailable');
      const body = toApiError(error);
      expect(body).toEqual({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'サービスを一時的に利用できません。時間をおいて再度お試しください。',
      });
    }
  });

  it('a value the database refuses as data is the request’s fault: 400', () => {
    for (const code of ['22003', '22021', '22007', '22P02']) {
      const error = wrapped(withCode('bad value', code));
      expect(classifyError(error)).toBe('bad-data');
      expect(toApiError(error)).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
  });

  it('an object store that does not answer gives its own 503', () => {
    const error = new StorageUnavailableError(withCode('connect ECONNREFUSED', 'ECONNREFUSED'));
    expect(classifyError(error)).toBe('storage-unavailable');
    expect(toApiError(error)).toEqual({
      statusCode: 503,
      code: 'STORAGE_UNAVAILABLE',
      message: 'ファイルサーバーに接続できません。時間をおいて再度お試しください。',
    });
  });

  it('anything else stays a 500 that says nothing of the cause', () => {
    for (const error of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      wrapped(withCode('duplicate key value violates unique constraint "users_pkey"', '23505')),
    ]) {
      expect(classifyError(error)).toBeNull();
      const body = toApiError(error);
      expect(body.statusCode).toBe(500);
      expect(JSON.stringify(body)).not.toMatch(/undefined|users_pkey|Failed query/);
    }
  });

  it('a client that aborted its request mid-body is the client’s doing: no 503, no warning', () => {
    // What Node hands Fastify's body reader when the client closes or resets the connection, or
    // the server closes it after a 408: 'aborted' with ECONNRESET, given statusCode 400 by Fastify.
    const aborted = Object.assign(withCode('aborted', 'ECONNRESET'), { statusCode: 400 });
    expect(classifyError(aborted)).toBe('client-aborted');
    expect(toApiError(aborted)).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    // A database connection reset keeps its 503: the service is away, not the client.
    const database = wrapped(withCode('read ECONNRESET', 'ECONNRESET'));
    expect(classifyError(database)).toBe('database-unavailable');
    expect(toApiError(database)).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
  });
});
