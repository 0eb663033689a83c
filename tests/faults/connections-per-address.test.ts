import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeaderOf, DEMO_PASSWORD } from '../api/helpers/auth';
import { createTestApp, type TestApp } from '../api/helpers/test-app';
import { type HeldSocket, holdSocket, waitFor } from '../support/raw-http';

// One client holding a few thousand slow connections (headers and a little of a body, then
// nothing) used to fill the server's connection cap and keep everyone else out until the
// time-outs closed them, for as long as it kept opening new ones. Each address now gets a share
// below the cap (docs/decisions/023-per-address-connection-limit.md). Small numbers here, the
// same proportions as the defaults (a tenth of the cap); the time-outs are the defaults, far
// longer than the test, so nothing but the limit makes room.

const MAX_CONNECTIONS = 60;
const PER_ADDRESS = 6;
/** The flooding client: more slow connections than the whole cap. */
const FLOOD = 100;
const ATTACKER = '127.0.0.1';
/** Other people, each at an address of its own (any of 127.0.0.0/8 is this machine's on Linux). */
const OTHERS = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on a new connection from `from`, as a person's browser behind another address. */
function requestFrom(
  from: string,
  port: number,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: from,
        agent: false,
        timeout: 10_000,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} from ${from}: no answer`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs in, takes an access token and searches the ledger, as a person opening the orders screen. */
async function signInAndSearch(from: string, port: number): Promise<number[]> {
  const statuses: number[] = [];
  const health = await requestFrom(from, port, 'GET', '/healthz');
  statuses.push(health.status);
  const signedIn = await requestFrom(from, port, 'POST', '/api/auth/sign-in/email', {
    body: { email: 'user@example.com', password: DEMO_PASSWORD },
  });
  statuses.push(signedIn.status);
  const cookie = cookieHeaderOf(signedIn.headers['set-cookie']);
  const token = await requestFrom(from, port, 'GET', '/api/auth/token', { headers: { cookie } });
  statuses.push(token.status);
  const search = await requestFrom(from, port, 'POST', '/api/v1/spec/search-result-ledgerItem', {
    body: { customer_code: 10001, from_date: '2000-01-01', to_date: '2099-12-31' },
    headers: { authorization: `Bearer ${JSON.parse(token.body).token}` },
  });
  statuses.push(search.status);
  return statuses;
}

/** Waits until `done()` holds or five seconds pass; answers whether it held. */
async function until(done: () => Promise<boolean>): Promise<boolean> {
  const deadline = performance.now() + 5000;
  while (!(await done())) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

const connectionsOf = (t: TestApp) =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
  );

/** Every socket a test opened: destroyed after it, so that a failed test leaves none behind. */
const opened: HeldSocket[] = [];
afterEach(() => {
  for (const h of opened.splice(0)) h.socket.destroy();
});

describe('one address holding slow connections', () => {
  let t: TestApp;
  let port: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      seed: { ledgerLinesPerCustomer: 5 },
      logStream: { write: (line) => logLines.push(line) },
      env: {
        HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
        RATE_LIMIT_IP_PER_MINUTE: '10000',
        RATE_LIMIT_MAIL_PER_MINUTE: '10000',
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('gets its share and no more, while others sign in and search', async () => {
    // Headers and a little of a sign-in body, then nothing: the slow request the time-outs allow.
    const slow =
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"x@example.com",';
    const held: HeldSocket[] = [];
    for (let i = 0; i < FLOOD; i++) {
      const socket = await holdSocket(port, slow, ATTACKER);
      opened.push(socket);
      held.push(socket);
    }
    // The flood is in place: everyone else is served meanwhile, several at once.
    const results = await Promise.all(
      OTHERS.map((from) =>
        signInAndSearch(from, port).catch((err: Error) => [`${err.name}: ${err.message}`]),
      ),
    );
    for (const [i, statuses] of results.entries()) {
      expect(statuses, OTHERS[i]).toEqual([200, 200, 200, 200]);
    }

    // Over its share, each new connection is closed at once, without a word.
    const refusedAtOnce = await waitFor(
      () => held.filter((h) => h.closedAt !== null).length === FLOOD - PER_ADDRESS,
      5000,
    );
    expect(refusedAtOnce, `${held.filter((h) => h.closedAt !== null).length} closed`).toBe(true);
    for (const h of held.slice(PER_ADDRESS)) expect(h.received()).toBe('');
    // The flood never came near the server's cap: its share is all the server holds.
    expect(await until(async () => (await connectionsOf(t)) === PER_ADDRESS)).toBe(true);

    // The share stayed held all along: it was the limit that made room, not a time-out.
    expect(held.slice(0, PER_ADDRESS).every((h) => h.closedAt === null)).toBe(true);
    // The operator hears of it, once a minute rather than once a connection.
    const limitLines = logLines.filter((l) => l.includes('HTTP_MAX_CONNECTIONS_PER_ADDRESS'));
    expect(limitLines).toHaveLength(1);
    expect(JSON.parse(limitLines[0]!)).toMatchObject({
      level: 40,
      address: ATTACKER,
      maxConnectionsPerAddress: PER_ADDRESS,
    });
    expect(logLines.some((l) => l.includes('connection cap reached'))).toBe(false);
  });

  it('gets its place back as its connections close', async () => {
    // The connections of the test before are closed by the client: wait until the server saw it.
    expect(await until(async () => (await connectionsOf(t)) === 0)).toBe(true);
    const held: HeldSocket[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) {
      const socket = await holdSocket(
        port,
        'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n',
        ATTACKER,
      );
      opened.push(socket);
      held.push(socket);
    }
    const over = await holdSocket(port, '', ATTACKER);
    opened.push(over);
    await over.closed;
    expect(held.every((h) => h.closedAt === null)).toBe(true);

    // One of them ends (the client's own doing): the address may connect again.
    held[0]?.socket.destroy();
    expect(await until(async () => (await connectionsOf(t)) === PER_ADDRESS - 1)).toBe(true);
    expect((await requestFrom(ATTACKER, port, 'GET', '/healthz')).status).toBe(200);
  });
});

describe('behind a trusted proxy', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
        // The proxy connects from 127.0.0.1; 127.0.0.2 reaches the server past it.
        TRUST_PROXY: '127.0.0.1',
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it("the proxy's connections are not limited per address, a client past the proxy is", async () => {
    const proxy: HeldSocket[] = [];
    const direct: HeldSocket[] = [];
    for (let i = 0; i < PER_ADDRESS * 3; i++) {
      proxy.push(await holdSocket(port, 'GET /healthz HTTP/1.1\r\nHost: a\r\n', '127.0.0.1'));
      direct.push(await holdSocket(port, 'GET /healthz HTTP/1.1\r\nHost: a\r\n', '127.0.0.2'));
    }
    opened.push(...proxy, ...direct);
    await waitFor(() => direct.filter((h) => h.closedAt !== null).length >= PER_ADDRESS * 2, 5000);
    expect(proxy.filter((h) => h.closedAt !== null)).toHaveLength(0);
    expect(direct.filter((h) => h.closedAt !== null)).toHaveLength(PER_ADDRESS * 2);
  });
});
