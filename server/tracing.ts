import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import {
  type Attributes,
  type Context,
  context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
} from '@opentelemetry/api';

// Traces (decision 029), on when OTEL_EXPORTER_OTLP_ENDPOINT is set: the OpenTelemetry SDK and
// its exporter are loaded then, and only then; otherwise the code below calls the API's no-op
// tracer and wraps nothing. The spans are made here by hand, not by auto-instrumentation: the
// server is one ES-module bundle (which the require hooks of the instrumentation packages do not
// see), and PGlite, the storage, mail and Redis ports have no instrumentation of their own.

const TRACER = 'customer-portal';

export const tracer = () => trace.getTracer(TRACER);

export interface Tracing {
  /** Sends the spans ended so far. */
  forceFlush(): Promise<void>;
  /** Sends what is left and turns tracing off for the process. */
  shutdown(): Promise<void>;
}

export interface TracingSettings {
  endpoint: string;
  serviceName: string;
  role: string;
}

/** Starts the SDK: spans batched and sent as OTLP/HTTP (JSON) to `<endpoint>/v1/traces`. */
export async function startTracing(settings: TracingSettings): Promise<Tracing> {
  const [
    sdk,
    { OTLPTraceExporter },
    { AsyncLocalStorageContextManager },
    { resourceFromAttributes },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/resources'),
  ]);
  // The request's span follows its work through awaits and callbacks.
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  const provider = new sdk.BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': settings.serviceName,
      'portal.role': settings.role,
    }),
    spanProcessors: [
      new sdk.BatchSpanProcessor(
        new OTLPTraceExporter({ url: `${settings.endpoint.replace(/\/+$/, '')}/v1/traces` }),
      ),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  return {
    forceFlush: () => provider.forceFlush(),
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      context.disable();
    },
  };
}

function ended(span: Span, error?: unknown): void {
  if (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/** Runs `work` in a span of its own (a child of the active one); a rejection marks it failed. */
export function inSpan<T>(name: string, attributes: Attributes, work: () => T): T {
  const span = tracer().startSpan(name, { kind: SpanKind.CLIENT, attributes });
  let result: T;
  try {
    result = context.with(trace.setSpan(context.active(), span), work);
  } catch (error) {
    ended(span, error);
    throw error;
  }
  if (result instanceof Promise) {
    return result.then(
      (value) => {
        ended(span);
        return value;
      },
      (error: unknown) => {
        ended(span, error);
        throw error;
      },
    ) as T;
  }
  ended(span);
  return result;
}

/**
 * A port (storage, mail driver, counter store, search cache) whose every method call is a span
 * named `<name>.<method>`. Methods run on the port itself, so its private fields keep working.
 */
export function tracedPort<T extends object>(port: T, name: string, attributes: Attributes): T {
  return new Proxy(port, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) =>
        inSpan(`${name}.${property}`, attributes, () =>
          (value as (...a: unknown[]) => unknown).apply(target, args),
        );
    },
  });
}

/** The first word of a statement (select, insert, begin …): the span's name, never its values. */
function operationOf(text: unknown): string {
  return typeof text === 'string'
    ? (/^\s*([a-z]+)/i.exec(text)?.[1] ?? 'sql').toLowerCase()
    : 'sql';
}

const dbAttributes = (text: unknown, system: string): Attributes => ({
  'db.system': 'postgresql',
  'portal.database': system,
  // The statement's text with its $1… placeholders: the values are never in a span.
  ...(typeof text === 'string' ? { 'db.statement': text.slice(0, 2000) } : {}),
});

type QueryFunction = (...args: unknown[]) => unknown;

/** One statement of a driver's query function as a span; callback and promise forms both. */
function tracedQuery(original: QueryFunction, system: string): QueryFunction {
  return function (this: unknown, ...args: unknown[]) {
    const first = args[0] as { text?: unknown } | string | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    const span = tracer().startSpan(`db ${operationOf(text)}`, {
      kind: SpanKind.CLIENT,
      attributes: dbAttributes(text, system),
    });
    const callbackAt = args.findIndex((a) => typeof a === 'function');
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as (error: unknown, result: unknown) => void;
      args[callbackAt] = (error: unknown, result: unknown) => {
        ended(span, error);
        callback(error, result);
      };
      return original.apply(this, args);
    }
    let result: unknown;
    try {
      result = original.apply(this, args);
    } catch (error) {
      ended(span, error);
      throw error;
    }
    if (result instanceof Promise) {
      return result.then(
        (value) => {
          ended(span);
          return value;
        },
        (error: unknown) => {
          ended(span, error);
          throw error;
        },
      );
    }
    ended(span);
    return result;
  };
}

const TRACED = Symbol('traced');
const HTTP_SPAN = Symbol('http span');

/**
 * The PostgreSQL pool's statements as spans: each connection's query() is wrapped when the pool
 * opens it, and connect()'s callback runs in its caller's context (a request that waited for a
 * connection would otherwise continue in the context of whoever gave one back).
 */
export function tracePgPool(pool: {
  on(event: 'connect', listener: (client: { query: QueryFunction }) => void): unknown;
  connect: QueryFunction;
}): void {
  pool.on('connect', (client) => {
    const marked = client as unknown as Record<symbol, boolean>;
    if (marked[TRACED]) return;
    marked[TRACED] = true;
    client.query = tracedQuery(client.query, 'postgres');
  });
  const connect = pool.connect;
  pool.connect = function (this: unknown, ...args: unknown[]) {
    const callbackAt = args.findIndex((a) => typeof a === 'function');
    if (callbackAt >= 0) {
      args[callbackAt] = context.bind(context.active(), args[callbackAt] as QueryFunction);
    }
    return connect.apply(this, args);
  };
}

/** PGlite's statements as spans: query() and exec(), inside a transaction too. */
export function tracePglite(client: {
  query: QueryFunction;
  exec: QueryFunction;
  transaction: QueryFunction;
}): void {
  client.query = tracedQuery(client.query, 'pglite');
  client.exec = tracedQuery(client.exec, 'pglite');
  const transaction = client.transaction;
  client.transaction = function (this: unknown, run: unknown) {
    return transaction.call(this, (tx: { query: QueryFunction; exec: QueryFunction }) => {
      tx.query = tracedQuery(tx.query, 'pglite');
      tx.exec = tracedQuery(tx.exec, 'pglite');
      return (run as (t: unknown) => unknown)(tx);
    });
  };
}

/** A W3C traceparent header's parent, if it is one. */
function parentOf(header: string | string[] | undefined): Context {
  const value = Array.isArray(header) ? header[0] : header;
  const m = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(value?.trim() ?? '');
  if (!m || /^0+$/.test(m[1]!) || /^0+$/.test(m[2]!)) return ROOT_CONTEXT;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: m[1]!,
    spanId: m[2]!,
    traceFlags: Number.parseInt(m[3]!, 16) & TraceFlags.SAMPLED,
    isRemote: true,
  });
}

/**
 * Every request to the server as an HTTP server span, active while Fastify handles it: the
 * server's request listeners run inside it. A caller's traceparent makes it a child of the
 * caller's span. The route and the status are set by the app's hooks (httpSpanOf).
 */
export function traceHttpServer(server: Server): void {
  const listeners = server.listeners('request') as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const span = tracer().startSpan(
      method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': method, 'url.path': (req.url ?? '').split('?')[0] },
      },
      parentOf(req.headers.traceparent),
    );
    (req as unknown as Record<symbol, Span>)[HTTP_SPAN] = span;
    res.once('close', () => {
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(context.active(), span), () => {
      for (const listener of listeners) listener.call(server, req, res);
    });
  });
}

/** The request's HTTP server span (traceHttpServer), if tracing is on. */
export const httpSpanOf = (req: IncomingMessage): Span | undefined =>
  (req as unknown as Record<symbol, Span | undefined>)[HTTP_SPAN];
