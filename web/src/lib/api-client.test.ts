import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { clearAccessToken } from './access-token';
import { apiRequest, sendAhead } from './api-client';

// The calls sent ahead of a screen (decision 021): the screen's same call takes the answer once,
// within the same session only. fetch stands in for the server (a third party to this module).

const answer = z.object({ n: z.number() });
let searches: unknown[];
let tokenRequests: number;
/** The searches the server refuses with 401 (a token gone stale), by their order. */
let refused: Set<number>;

beforeEach(() => {
  searches = [];
  tokenRequests = 0;
  refused = new Set();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/token') {
        tokenRequests += 1;
        return Response.json({ token: `token-${tokenRequests}` });
      }
      searches.push(JSON.parse(String(init.body)));
      if (refused.has(searches.length))
        return Response.json({ code: 'UNAUTHORIZED' }, { status: 401 });
      return Response.json({ n: searches.length });
    }),
  );
});

afterEach(() => {
  clearAccessToken();
  vi.unstubAllGlobals();
});

const search = (body: unknown) =>
  apiRequest({ method: 'POST', path: '/search', body, auth: { kind: 'bearer' }, schema: answer });

describe('sendAhead', () => {
  it("answers the screen's same call once, without asking the server again", async () => {
    sendAhead({ method: 'POST', path: '/search', body: { page: 1 } });
    await expect(search({ page: 1 })).resolves.toEqual({ n: 1 });
    expect(searches).toEqual([{ page: 1 }]);
    // Taken: the same call again is asked for anew.
    await expect(search({ page: 1 })).resolves.toEqual({ n: 2 });
  });

  it('leaves another call, of another body, to ask for itself', async () => {
    sendAhead({ method: 'POST', path: '/search', body: { page: 1 } });
    await expect(search({ page: 2 })).resolves.toEqual({ n: 2 });
    expect(searches).toEqual([{ page: 1 }, { page: 2 }]);
  });

  it('answers no call after a sign-out: the next session asks for itself', async () => {
    sendAhead({ method: 'POST', path: '/search', body: { page: 1 } });
    await vi.waitFor(() => expect(searches).toHaveLength(1));
    clearAccessToken();
    await expect(search({ page: 1 })).resolves.toEqual({ n: 2 });
  });

  it('forgets a refused call without repeating it: the screen makes its own', async () => {
    refused.add(1);
    sendAhead({ method: 'POST', path: '/search', body: { page: 1 } });
    await vi.waitFor(() => expect(searches).toHaveLength(1));
    // Its 401 fetched no new token and was not repeated: the screen's own call was sent.
    await expect(search({ page: 1 })).resolves.toEqual({ n: 2 });
    expect(searches).toHaveLength(2);
    expect(tokenRequests).toBe(1);
  });
});
