import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { appConfigOf, type Config } from './config';
import { loggerOptions } from './logger';
import type { Platform } from './platform';
import { databasePlugin } from './plugins/database';
import { errorHandlerPlugin, toApiError } from './plugins/error-handler';
import { identityPlugin } from './plugins/identity';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webAppPlugin } from './plugins/web-app';
import { apiV1Routes } from './routes/api/v1/index';
import { bulkDownloadRoutes } from './routes/bulk-download';
import { healthRoutes } from './routes/health';
import { storageDownloadRoutes } from './routes/storage-download';

export interface RouteEntry {
  method: string;
  url: string;
  /** false for routes hidden from the OpenAPI document (static files, the docs themselves). */
  documented: boolean;
  /** The route's zod schemas of its inputs (the fuzz tests generate requests from them). */
  inputs: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    config: Config;
  }
}

export interface AppOptions {
  config: Config;
  platform: Platform;
  /** The built web app directory (dist/web). */
  webRoot: string;
  /** Where the logs go; stdout by default (tests capture them). */
  logStream?: { write(line: string): void };
}

/** Builds the whole server: plugins for outside systems first, then the routes (fastify/demo). */
export async function buildApp({
  config,
  platform,
  webRoot,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { ...loggerOptions(config), ...(logStream ? { stream: logStream } : {}) },
    trustProxy: config.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    // Request ids unique across instances, or the balancer's X-Request-Id when it sends a sane one,
    // in every log line of the request and in the answer's X-Request-Id (a support case quotes it).
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.:-]{1,128}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    // Errors of the router itself (a malformed URL, a path parameter over its length limit) get
    // the same JSON error shape as every other error.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ reason: error.message }, 'request refused by the router');
      const body = toApiError(error);
      (reply as FastifyReply)
        .status(body.statusCode)
        .type('application/json; charset=utf-8')
        .send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  // The route table: OpenAPI completeness and (later) the authorization matrix are checked against it.
  app.decorate('config', config);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as
      | { hide?: boolean; body?: unknown; querystring?: unknown; params?: unknown }
      | undefined;
    for (const method of methods) {
      routeTable.push({
        method: String(method),
        url: route.url,
        documented: !schema?.hide,
        inputs: { body: schema?.body, querystring: schema?.querystring, params: schema?.params },
      });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(databasePlugin, { platform });
  await app.register(securityHeadersPlugin);
  await app.register(openApiPlugin, { config });

  await app.register(identityPlugin, {
    auth: platform.auth,
    limiter: platform.preLoginLimiter,
    mailer: platform.mailer,
  });

  await app.register(healthRoutes);
  await app.register(apiV1Routes, { prefix: '/api/v1' });
  await app.register(storageDownloadRoutes, { storage: platform.storage });
  await app.register(bulkDownloadRoutes, { storage: platform.storage });
  await app.register(webAppPlugin, { webRoot, appConfig: appConfigOf(config) });

  return app;
}
