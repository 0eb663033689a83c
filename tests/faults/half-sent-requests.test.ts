import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/helpers/test-app';
import { type HeldSocket, holdSocket, parseAnswer, waitFor } from '../support/raw-http';

// Connections that send part of a request, or read none of the answer, used
// to stay open for ever, so a few thousand of them took the server's file descriptors without
// signing in. The server now closes them after its time-outs and refuses sockets over its cap,
// and answers everyone else meanwhile (docs/decisions/007-connection-timeouts-and-early-refusal.md).
// The time-outs are short here so that the test is quick; the defaults are in README.

const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;
const IDLE_TIMEOUT_MS = 3000;
/** Node checks the headers and request time-outs on an interval; this covers it and a busy machine. */
const MARGIN_MS = 2500;

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (t.app.server.address() as AddressInfo).port;
}

async function healthz(port: number, agent?: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/healthz', agent, timeout: 2000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('/healthz did not answer within 2 s')));
    req.on('error', reject);
  });
}

/** Every socket a test opened: destroyed after it, so that a failed test leaves none behind. */
const opened: HeldSocket[] = [];
afterEach(() => {
  for (const h of opened.splice(0)) h.socket.destroy();
});

const holdMany = async (port: number, count: number, sent: string, from?: string) => {
  const held = await Promise.all(Array.from({ length: count }, () => holdSocket(port, sent, from)));
  opened.push(...held);
  return held;
};

describe('half-sent requests and idle connections are closed', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '5000',
        // Hundreds of connections from this one address: the time-outs are tested here, the
        // limit per address in connections-per-address.test.ts.
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: '1000',
      },
      beforeReady: (app) => {
        // A route that reads a body before anyone signs in, as sign-in and the pre-login calls do.
        app.post('/test/body', async (request) => ({
          received: JSON.stringify(request.body).length,
        }));
        // A long answer that keeps flowing: a bulk zip or a large file download.
        app.get('/test/slow-stream', async (_request, reply) => {
          let sent = 0;
          const body = new Readable({
            read() {
              setTimeout(() => this.push(sent++ < 16 ? `chunk ${sent}\n` : null), 250);
            },
          });
          return reply.type('text/plain').send(body);
        });
        // A large answer, for a client that reads none of it.
        app.get('/test/large', async (_request, reply) => {
          let left = 256;
          const body = new Readable({
            read() {
              this.push(left-- > 0 ? Buffer.alloc(256 * 1024, 120) : null);
            },
          });
          return reply.type('application/octet-stream').send(body);
        });
      },
    });
    port = await listen(t);
  });
  afterAll(async () => t?.close());

  it('closes 300 connections whose headers never end, and /healthz answers meanwhile', async () => {
    const held: HeldSocket[] = [
      // Connected and silent; half a request line; a request line and half of the headers.
      ...(await holdMany(port, 100, '')),
      ...(await holdMany(port, 100, 'GET /heal')),
      ...(await holdMany(port, 100, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a')),
    ];
    for (let i = 0; i < 5; i++) expect(await healthz(port)).toBe(200);

    const allClosed = await waitFor(
      () => held.every((h) => h.closedAt !== null),
      HEADERS_TIMEOUT_MS + MARGIN_MS,
    );
    const open = held.filter((h) => h.closedAt === null).length;
    expect(allClosed, `${open} of ${held.length} connections still open`).toBe(true);
    for (const h of held) {
      const lifetime = (h.closedAt ?? 0) - h.openedAt;
      // Closed by the headers time-out, not before it.
      expect(lifetime).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
      expect(lifetime).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + MARGIN_MS);
      const answer = h.received();
      if (answer !== '') expect(parseAnswer(answer).status).toBe(408);
    }
    expect(await healthz(port)).toBe(200);
  });

  it('answers 408 and closes 100 requests whose body never ends, and /healthz answers meanwhile', async () => {
    const head =
      'POST /test/body HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 100000\r\n\r\n';
    const held = await holdMany(port, 100, `${head}{"pad":"${'x'.repeat(1000)}`);
    for (let i = 0; i < 5; i++) expect(await healthz(port)).toBe(200);

    const allClosed = await waitFor(
      () => held.every((h) => h.closedAt !== null),
      REQUEST_TIMEOUT_MS + MARGIN_MS,
    );
    const open = held.filter((h) => h.closedAt === null).length;
    expect(allClosed, `${open} of ${held.length} connections still open`).toBe(true);
    for (const h of held) {
      expect((h.closedAt ?? 0) - h.openedAt).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS + MARGIN_MS);
      const answer = parseAnswer(h.received());
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 408, code: 'REQUEST_TIMEOUT' });
    }
    expect(await healthz(port)).toBe(200);
  });

  it('does not cut an answer that streams for longer than the request and idle time-outs', async () => {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/test/slow-stream`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text.trim().split('\n')).toHaveLength(16);
    expect(performance.now() - started).toBeGreaterThan(IDLE_TIMEOUT_MS);
  });

  it('closes a connection whose client stops reading the answer, after the idle time-out', async () => {
    const serverSide = new Promise<Socket>((resolve) =>
      t.app.server.once('connection', (socket: Socket) => resolve(socket)),
    );
    const client = await holdSocket(port, 'GET /test/large HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    opened.push(client);
    // Reads nothing: the answer fills the socket buffers and the server's writes stall.
    client.socket.pause();
    const socket = await serverSide;
    const started = performance.now();
    let closedAt: number | null = null;
    socket.once('close', () => {
      closedAt = performance.now();
    });
    const closed = await waitFor(() => closedAt !== null, IDLE_TIMEOUT_MS + MARGIN_MS + 2000);
    expect(closed, 'the server kept the stalled connection open').toBe(true);
    expect((closedAt ?? 0) - started).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 100);
  });
});

describe('connections over HTTP_MAX_CONNECTIONS', () => {
  const MAX_CONNECTIONS = 50;
  /** Each address stays within its share; together they reach the cap. */
  const PER_ADDRESS = 20;
  const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
  let t: TestApp;
  let port: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      logStream: { write: (line) => logLines.push(line) },
      env: {
        HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '10000',
      },
    });
    port = await listen(t);
  });
  afterAll(async () => t?.close());

  it('are closed at once; a connection opened before keeps answering; new ones work once the others are gone', async () => {
    // A probe's keep-alive connection, opened before the flood (one socket, reused).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await healthz(port, agent)).toBe(200);

      // 80 from four addresses, none over its share.
      const held = (
        await Promise.all(
          ADDRESSES.map((from) =>
            holdMany(
              port,
              PER_ADDRESS,
              'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a',
              from,
            ),
          ),
        )
      ).flat();
      // The probe's connection counts: 49 of the 80 fit under the cap, 31 are closed at once.
      const overCap = 80 - (MAX_CONNECTIONS - 1);
      await waitFor(() => held.filter((h) => h.closedAt !== null).length >= overCap, 5000);
      const refused = held.filter((h) => h.closedAt !== null);
      expect(refused).toHaveLength(overCap);
      expect(logLines.some((l) => l.includes('HTTP_MAX_CONNECTIONS_PER_ADDRESS'))).toBe(false);
      for (const h of refused) expect(h.received()).toBe('');
      // The operator hears of it, once a minute rather than once a connection.
      const capLines = logLines.filter((l) => l.includes('connection cap reached'));
      expect(capLines).toHaveLength(1);
      expect(JSON.parse(capLines[0]!)).toMatchObject({ level: 40, dropped: 1, maxConnections: 50 });

      expect(await healthz(port, agent)).toBe(200);

      // The held ones go at the headers time-out; then anyone can connect again.
      const allClosed = await waitFor(
        () => held.every((h) => h.closedAt !== null),
        HEADERS_TIMEOUT_MS + MARGIN_MS,
      );
      expect(allClosed).toBe(true);
      expect(await healthz(port)).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

describe('the defaults', () => {
  it('reach the HTTP server', async () => {
    const t = await createTestApp();
    try {
      const server = t.app.server;
      expect(server.headersTimeout).toBe(10_000);
      expect(server.requestTimeout).toBe(60_000);
      expect(server.keepAliveTimeout).toBe(72_000);
      expect(server.timeout).toBe(120_000);
      expect(server.maxConnections).toBe(2000);
      expect(t.config.maxConnectionsPerAddress).toBe(200);
    } finally {
      await t.close();
    }
  });
});
