import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** Query parameters whose values never reach the logs (reset links, tokens, API keys). */
const SECRET_QUERY_KEYS =
  /^(token|access_token|id_token|refresh_token|code|key|signature|sig|password)$/i;

/** Paths that carry a secret as a segment: the identity provider's reset link (/reset-password/:token). */
const SECRET_PATH_SEGMENT = /(\/reset-password\/)[^/?#]+/;

export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(SECRET_PATH_SEGMENT, '$1[redacted]');
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

/**
 * pino options for Fastify: request lines carry method, path (secrets in the query redacted),
 * status and time — never headers or bodies, so no password, cookie or token is ever logged.
 */
export function loggerOptions(
  config: Config,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
