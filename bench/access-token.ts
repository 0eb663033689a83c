import type { FastifyInstance } from 'fastify';

/** The demo password every bench account has (the seed's). */
const BENCH_PASSWORD = 'Passw0rd!';

/**
 * An access token for `email`, through the same calls as the browser: password sign-in (the
 * session cookie), then /api/auth/token. The benches call the app in process (app.inject).
 */
export async function accessToken(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: BENCH_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email}: ${res.statusCode} ${res.body}`);
  const cookie = [res.headers['set-cookie']]
    .flat()
    .filter(Boolean)
    .map((c) => String(c).split(';')[0])
    .join('; ');
  const token = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
  if (token.statusCode !== 200) throw new Error(`token of ${email}: ${token.statusCode}`);
  return token.json().token;
}
