import type { FastifyRequest } from 'fastify';
import { clientAddressKey } from '../client-address';
import { HttpError } from '../errors';
import type { RateLimiter } from '../rate-limit/rate-limiter';

/**
 * Pre-login calls (sign-in, reset mail, check-account-lock, check-firebase-user-by-mail) are limited
 * per client address and per mail (docs/product.md §12). request.ip is the socket address unless
 * TRUST_PROXY names the proxy in front, so a forged X-Forwarded-For changes nothing; counted under
 * clientAddressKey, so that one client is one count however its address is written (an IPv6
 * client: its /64).
 */
export class PreLoginLimiter {
  constructor(private readonly limiter: RateLimiter) {}

  async assertAllowed(request: FastifyRequest, mail: string): Promise<void> {
    const checks = [this.limiter.check('prelogin-ip', clientAddressKey(request.ip))];
    if (mail) checks.push(this.limiter.check('prelogin-mail', mail));
    const results = await Promise.all(checks);
    const refused = results.find((r) => !r.allowed);
    if (refused) {
      request.log.warn({ ip: request.ip }, 'pre-login rate limit reached');
      throw new HttpError(429, 'TOO_MANY_REQUESTS', undefined, {}, refused.retryAfterSeconds);
    }
  }
}

export function preLoginRules(perIpPerMinute: number, perMailPerMinute: number) {
  return {
    'prelogin-ip': { limit: perIpPerMinute, windowMs: 60_000 },
    'prelogin-mail': { limit: perMailPerMinute, windowMs: 60_000 },
  };
}
