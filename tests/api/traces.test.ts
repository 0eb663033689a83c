import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

// Traces (decision 029) as a collector receives them: an OTLP/HTTP receiver of the test's own
// gets the spans of one real request, and the request's HTTP server span is the parent of the
// database statement it ran, with the request id.

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
}

const SERVER = 2;
const CLIENT = 3;

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

describe('traces', () => {
  let t: TestApp;
  let receiver: Server;
  let publicUrl: string;
  const spans: OtlpSpan[] = [];
  const contentTypes: string[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        contentTypes.push(String(req.headers['content-type']));
        if (req.url === '/v1/traces' && req.headers['content-type'] === 'application/json') {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
          };
          for (const r of body.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    t = await createTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    publicUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((done) => receiver?.close(done));
  });

  it('sends a request’s server span with its request id, parent of its database statement', async () => {
    const requestId = 'trace-test-readyz-1';
    const res = await fetch(`${publicUrl}/readyz`, { headers: { 'x-request-id': requestId } });
    expect(res.status).toBe(200);
    await t.platform.tracing?.forceFlush();
    const server = await vi.waitFor(
      () => {
        const found = spans.find((s) => attribute(s, 'portal.request_id') === requestId);
        expect(found, `spans received: ${spans.length}, as ${contentTypes.join()}`).toBeDefined();
        return found!;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(server.kind).toBe(SERVER);
    expect(server.name).toBe('GET /readyz');
    expect(attribute(server, 'http.route')).toBe('/readyz');
    expect(attribute(server, 'http.response.status_code')).toBe(200);
    const statement = spans.find((s) => s.parentSpanId === server.spanId);
    expect(statement).toMatchObject({ traceId: server.traceId, kind: CLIENT, name: 'db select' });
    expect(attribute(statement!, 'db.system')).toBe('postgresql');
    expect(attribute(statement!, 'db.statement')).toBe('select 1');
  });

  it('sends a span for each call of a port without instrumentation of its own (the mail driver)', async () => {
    await t.platform.mailer.send({ to: 'traced@example.com', subject: 'traced', text: 'x' });
    const sent = await vi.waitFor(
      async () => {
        await t.platform.tracing?.forceFlush();
        const found = spans.find((s) => s.name === 'mail.send');
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(sent.kind).toBe(CLIENT);
    expect(attribute(sent, 'portal.driver')).toBe('files');
  });

  it('continues the caller’s trace from its traceparent header', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const res = await fetch(`${publicUrl}/healthz`, {
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    expect(res.status).toBe(200);
    await t.platform.tracing?.forceFlush();
    const server = await vi.waitFor(
      () => {
        const found = spans.find((s) => s.traceId === traceId && s.kind === SERVER);
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(server.parentSpanId).toBe('b7ad6b7169203331');
  });
});
