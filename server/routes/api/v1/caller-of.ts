import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../../errors';
import type { Caller } from '../../../services/caller';

/**
 * The caller the /api/v1 hook resolved for this request (index.ts), handed to a use case. Every
 * route but the pre-login ones has one; a pre-login route that asks is a programming error, and
 * answers 401 rather than acting for nobody.
 */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new HttpError(401, 'UNAUTHORIZED');
  return request.caller;
}
