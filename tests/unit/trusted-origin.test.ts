import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SECOND_FACTOR_MESSAGES } from '../../domain/second-factor';
import { assertTrustedOrigin } from '../../server/routes/auth/trusted-origin';

// The cookie-session routes' own check (the second factor, the session's activity and leave):
// a request carries its page's origin in Origin, or, from a browser that sent none, in Referer.

const TRUSTED = ['https://portal.example.com', 'http://localhost:3000'];
const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
const refusal = (headers: Record<string, string>) => {
  try {
    assertTrustedOrigin(request(headers), TRUSTED);
    return null;
  } catch (error) {
    return error as { statusCode: number; code: string; message: string };
  }
};

describe('a cookie-session request', () => {
  it('from a trusted origin goes ahead', () => {
    expect(refusal({ origin: 'https://portal.example.com' })).toBeNull();
    expect(refusal({ origin: 'http://localhost:3000' })).toBeNull();
  });

  it("without Origin goes ahead when its Referer is a trusted origin's page", () => {
    expect(refusal({ referer: 'https://portal.example.com/account?tab=2' })).toBeNull();
  });

  it.each([
    ['another site', { origin: 'https://attacker.example' }],
    ['another port of a trusted host', { origin: 'https://portal.example.com:8443' }],
    ["another site's page", { referer: 'https://attacker.example/portal.example.com' }],
    ['a Referer that is no address', { referer: 'not a url' }],
    ['neither header', {}],
    // Origin is what the browser says of the request itself: a trusted Referer does not outweigh it.
    [
      'another site with a trusted Referer',
      { origin: 'https://attacker.example', referer: 'https://portal.example.com/' },
    ],
  ])('from %s is refused with 403 INVALID_ORIGIN and the Japanese message', (_, headers) => {
    expect(refusal(headers)).toMatchObject({
      statusCode: 403,
      code: 'INVALID_ORIGIN',
      message: SECOND_FACTOR_MESSAGES.invalidOrigin,
    });
  });
});
