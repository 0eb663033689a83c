import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../server/config';

export const DEMO_PASSWORD = 'Passw0rd!';

export interface SignedIn {
  cookie: string;
  token: string;
  uid: string;
}

/** The session cookies a response sets, as a Cookie header. */
export function cookieHeaderOf(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export function signInRequest(app: FastifyInstance, email: string, password: string, ip?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

/** Signs in through the identity provider and fetches an /api/v1 access token, like the client. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<SignedIn> {
  const res = await signInRequest(app, email, password);
  if (res.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieHeaderOf(res.headers['set-cookie']);
  const tokenRes = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
  if (tokenRes.statusCode !== 200) throw new Error(`token failed: ${tokenRes.body}`);
  return { cookie, token: tokenRes.json().token, uid: res.json().user.id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const apiKey = (config: Config) => ({ 'x-api-key': config.PUBLIC_API_KEY });

export function decodeJwtPart(token: string, part: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[part]!, 'base64url').toString('utf8'));
}
