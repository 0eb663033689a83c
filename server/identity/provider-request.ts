import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FORWARDED_SIGN_IN_HEADER } from './firebase-sign-in';
import { AUTH_BASE_PATH, type Auth } from './identity';
import type { ProviderRequest } from './identity-port';

// The HTTP edge between the portal's /api/auth routes and the provider's own endpoints: a
// request handed on, the provider's answer sent back with every cookie it sets, the cookie
// session read. Routes and use cases see none of the provider's library (ARCHITECTURE.md).

/**
 * Hands a request to the identity provider at the canonical address of the endpoint the route
 * stands for. The provider reads its own path from the URL it is given and would take
 * `/api/auth/./sign-in/email` for `/sign-in/email`; it is never given the spelling the client
 * sent, only the route's own path and the query string.
 */
export function providerRequestOf(
  auth: Auth,
  publicBaseUrl: string,
  request: FastifyRequest,
): ProviderRequest {
  return {
    body: request.body,
    forward(endpoint, body = request.body, extraHeaders = {}) {
      const url = new URL(`${AUTH_BASE_PATH}${endpoint}`, publicBaseUrl);
      const query = request.url.indexOf('?');
      if (query >= 0) url.search = request.url.slice(query);
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && body != null;
      const headers = fromNodeHeaders(request.headers);
      headers.delete(FORWARDED_SIGN_IN_HEADER);
      for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
      return auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          ...(hasBody ? { body: JSON.stringify(body) } : {}),
        }),
      );
    },
  };
}

/** The provider's answer to the client: its status, headers and every cookie; `body` replaces its body. */
export async function sendProviderAnswer(reply: FastifyReply, response: Response, body?: unknown) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  // Every cookie the identity sets must reach the browser, not only the first.
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (body !== undefined) return reply.type('application/json; charset=utf-8').send(body);
  const text = await response.text();
  return reply.send(text.length ? text : null);
}

/** The code of a provider's error answer, when it has one. */
export async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/** The cookie session of a request (null without one, or an ended one). */
export async function cookieSessionOf(auth: Auth, request: FastifyRequest) {
  return auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).catch(() => null);
}
