import type { FastifyInstance } from 'fastify';
import { AUTH_BASE_PATH } from '../../identity/identity';
import { sendProviderAnswer } from '../../identity/provider-request';
import { issueAccessToken, readSession, signOut } from '../../services/auth/session';

/**
 * /api/auth's session calls and mail links (docs/decisions/003, 008): the provider's own answers,
 * left out of the OpenAPI document as the provider defines them. Only these paths are mounted;
 * every other path under /api/auth answers 404 (docs/decisions/008).
 */
export async function sessionRoutes(app: FastifyInstance) {
  const deps = { ...app.signInDeps, gate: app.secondFactorGate };
  const hidden = { schema: { hide: true } };
  const passThrough = (method: 'GET' | 'POST', endpoint: string) =>
    app.route({
      method,
      url: `${AUTH_BASE_PATH}${endpoint}`,
      ...hidden,
      handler: async (request, reply) =>
        sendProviderAnswer(reply, await app.requestCallerOf(request).provider.forward(endpoint)),
    });

  // A session still waiting for its second factor gets no access token.
  app.get(`${AUTH_BASE_PATH}/token`, hidden, async (request, reply) => {
    const caller = { ...app.requestCallerOf(request), session: await app.cookieSessionOf(request) };
    const answer = await issueAccessToken(deps, caller);
    return sendProviderAnswer(reply, answer.response, answer.body);
  });
  passThrough('GET', '/jwks');
  app.get(`${AUTH_BASE_PATH}/get-session`, hidden, async (request, reply) => {
    const answer = await readSession(deps, app.requestCallerOf(request));
    return sendProviderAnswer(reply, answer.response, answer.body);
  });
  // Links in mails: the reset (and invitation) link, the verification link.
  app.get(`${AUTH_BASE_PATH}/reset-password/:token`, hidden, async (request, reply) => {
    const { token } = request.params as { token: string };
    const endpoint = `/reset-password/${encodeURIComponent(token)}`;
    return sendProviderAnswer(reply, await app.requestCallerOf(request).provider.forward(endpoint));
  });
  passThrough('GET', '/verify-email');

  app.post(`${AUTH_BASE_PATH}/sign-out`, hidden, async (request, reply) => {
    const caller = { ...app.requestCallerOf(request), session: await app.cookieSessionOf(request) };
    const answer = await signOut(deps, caller);
    return sendProviderAnswer(reply, answer.response, answer.body);
  });
}
