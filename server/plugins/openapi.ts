import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config';

/** OpenAPI 3 generated from the routes' zod schemas: /api/docs/openapi.json, Swagger UI at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${opts.config.WEB_TITLE} API`,
        description:
          'お客様ポータルの /api/v1。認証が必要な呼び出しは Authorization: Bearer <JWT> を付けます。',
        version: '1.0.0',
      },
      servers: [{ url: opts.config.publicBaseUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The app's own CSP (security-headers.ts) already fits Swagger UI: no inline scripts there.
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
