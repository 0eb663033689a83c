import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_ERROR_MESSAGES, type ApiError } from '../domain/api-error';
import { trustedProxyMatcher } from './client-address';
import { appConfigOf, type Config } from './config';
import { ConnectionsPerAddress, limitConnectionsPerAddress } from './connection-limit';
import { loggerOptions } from './logger';
import type { Platform } from './platform';
import { auditRetentionPlugin } from './plugins/audit-retention';
import { databasePlugin } from './plugins/database';
import { documentArchiveCheckPlugin } from './plugins/document-archive-check';
import { errorHandlerPlugin, toApiError } from './plugins/error-handler';
import { identityPlugin } from './plugins/identity';
import { openApiPlugin } from './plugins/openapi';
import { secondFactorPlugin } from './plugins/second-factor';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webAppPlugin } from './plugins/web-app';
import { apiV1Routes } from './routes/api/v1/index';
import { sessionLifetimeRoutes } from './routes/auth/session-lifetime';
import { bulkDownloadRoutes } from './routes/bulk-download';
import { documentFileRoutes } from './routes/document-file';
import { healthRoutes } from './routes/health';
import { mailUnsubscribeRoutes } from './routes/mail-unsubscribe';
import { storageDownloadRoutes } from './routes/storage-download';
import { httpSpanOf, traceHttpServer } from './tracing';

/** Body limit of every route but those that raise their own (the ledger import). */
const BODY_LIMIT = 1024 * 1024;

const CLIENT_ERRORS: Record<string, ApiError> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    statusCode: 408,
    code: 'REQUEST_TIMEOUT',
    message: 'リクエストの受信が時間内に終わりませんでした。再度お試しください。',
  },
  HPE_HEADER_OVERFLOW: {
    statusCode: 431,
    code: 'PAYLOAD_TOO_LARGE',
    message: API_ERROR_MESSAGES.PAYLOAD_TOO_LARGE,
  },
};

/**
 * A connection the HTTP parser gives up on (headers or request not received in time, malformed
 * or oversized headers): one JSON error in the API's shape, then the socket is closed. No route
 * ran, so the error handler never sees these.
 */
function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const body = CLIENT_ERRORS[error.code ?? ''] ?? {
    statusCode: 400,
    code: 'VALIDATION_ERROR',
    message: API_ERROR_MESSAGES.VALIDATION_ERROR,
  };
  // Debug: every half-sent request of a flood would be a line.
  this.log.debug(
    { code: error.code, statusCode: body.statusCode },
    'connection closed by the HTTP parser',
  );
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${body.statusCode} ${STATUS_CODES[body.statusCode]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

/**
 * A large body is read only for a caller the route has let in: a route that
 * raises the body limit must authorise in a route-level onRequest hook, which runs before the
 * body is parsed. Checked as each route is added, so such a route without one stops the start.
 */
export function requireEarlyRefusalForLargeBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if ((route.bodyLimit ?? 0) > BODY_LIMIT && !route.onRequest) {
      throw new Error(
        `${String(route.method)} ${route.url}: a body limit above ${BODY_LIMIT} bytes needs a ` +
          'route-level onRequest hook that refuses callers before the body is read',
      );
    }
  });
}

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
    bodyLimit: BODY_LIMIT,
    // Connection time-outs (docs/decisions/007): without them a connection that sends half a
    // request, or stops reading its answer, holds a file descriptor for ever. requestTimeout
    // covers receiving the request only; a long answer (a bulk zip) is bounded by nothing but
    // the idle time-out, which a flowing answer keeps resetting.
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      // Given here as well: Node compares it with headersTimeout when the server is created.
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
      // Node looks for expired headers and requests on this interval (30 s by default, which
      // would let a 10 s headers time-out run to 40 s): a tenth of the headers time-out, at most
      // a second. The check walks the open requests only, so a second is cheap.
      connectionsCheckingInterval: Math.min(
        1000,
        Math.max(100, Math.floor(config.HTTP_HEADERS_TIMEOUT_MS / 10)),
      ),
    },
    clientErrorHandler: answerClientError,
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

  // Over the cap a new connection is closed as soon as it is accepted: the file descriptors, and
  // the memory of half-read requests, stay bounded however many sockets a client opens.
  app.server.maxConnections = config.HTTP_MAX_CONNECTIONS;
  // Once a minute at most: a flood of connections must not become a flood of log lines.
  const sparingly = (log: (count: number) => void) => {
    let sinceLog = 0;
    let lastLog = Number.NEGATIVE_INFINITY;
    return () => {
      sinceLog++;
      if (performance.now() - lastLog < 60_000) return;
      log(sinceLog);
      sinceLog = 0;
      lastLog = performance.now();
    };
  };
  const warnDropped = sparingly((dropped) =>
    app.log.warn(
      { dropped, maxConnections: config.HTTP_MAX_CONNECTIONS },
      'connection cap reached: new connections are closed (HTTP_MAX_CONNECTIONS)',
    ),
  );
  app.server.on('drop', () => {
    platform.metrics.connectionRefused('max_connections');
    warnDropped();
  });
  // The cap protects the process; this keeps the service: one address (an IPv6 /64) gets a share
  // below the cap, so one client's slow connections never keep the others out (decision 023).
  let refusedAddress = '';
  const logRefused = sparingly((refused) =>
    app.log.warn(
      {
        refused,
        address: refusedAddress,
        maxConnectionsPerAddress: config.maxConnectionsPerAddress,
      },
      'connections of one address at their limit: its new connections are closed (HTTP_MAX_CONNECTIONS_PER_ADDRESS)',
    ),
  );
  limitConnectionsPerAddress(
    app.server,
    new ConnectionsPerAddress(
      config.maxConnectionsPerAddress,
      trustedProxyMatcher(config.TRUST_PROXY),
    ),
    (address) => {
      platform.metrics.connectionRefused('per_address');
      refusedAddress = address;
      logRefused();
    },
  );

  // An answer sent before the request's body has arrived (a refusal in an onRequest hook, a 413
  // from the announced length) closes the connection; kept alive, Node would read the rest of
  // the body, up to 20 MB, only to throw it away. (inject() requests have no `complete`.)
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
    return payload;
  });

  // The route table: OpenAPI completeness and (later) the authorization matrix are checked against it.
  app.decorate('config', config);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Traces (decision 029): each request is a server span, with its id, route and status.
  if (platform.tracing) {
    traceHttpServer(app.server);
    app.addHook('onRequest', (request, _reply, done) => {
      httpSpanOf(request.raw)?.setAttribute('portal.request_id', request.id);
      done();
    });
    app.addHook('onResponse', (request, _reply, done) => {
      const route = request.routeOptions.url;
      const span = httpSpanOf(request.raw);
      if (route && span) {
        span.setAttribute('http.route', route);
        span.updateName(`${request.method} ${route}`);
      }
      done();
    });
  }
  // Every answer counted by its route's pattern (never the URL: the series stay bounded); a
  // request no route matched counts as "unmatched".
  app.addHook('onResponse', (request, reply, done) => {
    platform.metrics.requestAnswered(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  requireEarlyRefusalForLargeBodies(app);
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
  // The jobs (decision 029): the mail outbox's worker and the audit log's retention run in the
  // roles `all` and `worker`; a `web` process only writes mails to the outbox, which a worker
  // finds at its next poll (MAIL_POLL_MS). platform.close() (onClose) stops the outbox first.
  const runsJobs = config.PORTAL_ROLE !== 'web';
  if (runsJobs) app.addHook('onReady', async () => platform.mailer.start());
  await app.register(auditRetentionPlugin, {
    retentionDays: config.AUDIT_RETENTION_DAYS,
    scheduled: runsJobs,
  });
  await app.register(documentArchiveCheckPlugin, {
    retentionYears: config.DOCUMENT_RETENTION_YEARS,
    scheduled: runsJobs,
  });
  await app.register(securityHeadersPlugin);
  if (config.PORTAL_ROLE === 'worker') {
    // A worker serves no client: the probes alone, on PORT as every role's.
    await app.register(healthRoutes);
    return app;
  }
  await app.register(openApiPlugin, { config });

  await app.register(identityPlugin, {
    auth: platform.auth,
    limiter: platform.preLoginLimiter,
  });
  await app.register(secondFactorPlugin);

  // The cookie session's deadline: activity and leaving (decision 034).
  await app.register(sessionLifetimeRoutes);
  await app.register(healthRoutes);
  await app.register(apiV1Routes, { prefix: '/api/v1' });
  await app.register(storageDownloadRoutes, { storage: platform.storage });
  await app.register(bulkDownloadRoutes, { storage: platform.storage });
  await app.register(documentFileRoutes);
  await app.register(mailUnsubscribeRoutes);
  await app.register(webAppPlugin, { webRoot, appConfig: appConfigOf(config) });

  return app;
}
