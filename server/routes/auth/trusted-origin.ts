import type { FastifyRequest } from 'fastify';
import { SECOND_FACTOR_MESSAGES } from '../../../domain/second-factor';
import { HttpError } from '../../errors';

/**
 * Refuses a cookie-session request that does not come from the portal's own pages: its Origin,
 * or where a browser sent none its Referer's origin, must be one of the trusted origins
 * (TRUSTED_ORIGINS). The provider refuses its own routes' requests alike, so that no other site
 * can act with the session's cookie.
 */
export function assertTrustedOrigin(
  request: FastifyRequest,
  trustedOrigins: readonly string[],
): void {
  const { origin, referer } = request.headers;
  let from = origin;
  if (!from && referer) {
    try {
      from = new URL(referer).origin;
    } catch {
      from = undefined;
    }
  }
  if (!from || !trustedOrigins.includes(from)) {
    throw new HttpError(403, 'INVALID_ORIGIN', SECOND_FACTOR_MESSAGES.invalidOrigin);
  }
}
