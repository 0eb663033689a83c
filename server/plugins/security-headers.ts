import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_RENDERED_BOOT_HASH } from '../web/server-rendering';

/** Answers no cache keeps: the API's and the health checks'. */
const isUncached = (url: string) =>
  url.startsWith('/api/') || /^\/(healthz|readyz)(\?|$)/.test(url);

/**
 * Security headers with a CSP the built app passes: scripts only from our origin and the one inline
 * script of the server-rendered login page (by its hash, decision 019), styles inline allowed because
 * Mantine injects CSS variables at run time, images also from https banners; no-store on every
 * answer of the API.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", SERVER_RENDERED_BOOT_HASH],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        // Served over plain http on a laptop; TLS is the load balancer's job in production.
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  // Every answer of the API (/api/v1, the identity routes under /api/auth, the OpenAPI document) is
  // a person's data, a token or a path only its caller may see: no browser, proxy or shared cache
  // keeps it. The health answers are the instance's state now, never an earlier one. A route that
  // says more (`private, no-store`) keeps its own.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isUncached(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
});
