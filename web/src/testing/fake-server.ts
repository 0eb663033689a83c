import { vi } from 'vitest';

// Component tests mock only the network (CONTRIBUTING.md, Tests): a stand-in for the server's HTTP answers,
// installed as the global fetch before every test (setup-tests.ts). Tests add or replace routes.

export interface FakeRequest {
  method: string;
  /** The path without the query, e.g. /api/v1/user/get-all-customers. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * A file answer as the server sends an export: its type, and Content-Disposition with an ASCII
 * `filename` and the RFC 5987 `filename*` that carries a Japanese name.
 */
export function file(
  body: string | Uint8Array<ArrayBuffer>,
  fileName: string,
  contentType: string,
): Response {
  const ascii = fileName.replace(/[^\x20-\x7e]+/g, '_').replace(/["\\%]/g, '_');
  // Not a Blob: jsdom's Blob cannot be a fetch Response's body.
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    },
  });
}

const base64url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');

/** An unsigned JWT with the claims the client reads (sub, iat, exp). */
export function fakeJwt(
  sub: string,
  { lifetimeSeconds = 3600, issuedAt = Date.now() } = {},
): string {
  const iat = Math.floor(issuedAt / 1000);
  return `${base64url({ alg: 'EdDSA', typ: 'JWT' })}.${base64url({ sub, iat, exp: iat + lifetimeSeconds })}.c2ln`;
}

export interface FakeIdentity {
  id: string;
  email: string;
}

export const DEFAULT_IDENTITY: FakeIdentity = { id: 'uid-admin', email: 'admin@example.com' };

export class FakeServer {
  /** The identity behind the session cookie, or null. */
  identity: FakeIdentity | null = null;
  readonly requests: FakeRequest[] = [];
  readonly unhandled: string[] = [];
  private readonly routes = new Map<string, FakeHandler>();
  private fallback: FakeHandler | null = null;

  constructor() {
    this.on('GET /api/auth/token', () =>
      this.identity ? json(200, { token: fakeJwt(this.identity.id) }) : json(401, {}),
    );
    this.on('GET /api/auth/get-session', () =>
      json(
        200,
        this.identity
          ? { session: { id: 'session-1' }, user: { ...this.identity, emailVerified: true } }
          : null,
      ),
    );
    this.on('POST /api/auth/sign-out', () => {
      this.identity = null;
      return json(200, { success: true });
    });
    // The session's deadline (decision 034): kept while the identity is signed in.
    this.on('POST /api/auth/session/activity', () =>
      this.identity
        ? json(200, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() })
        : json(401, {}),
    );
    // The account page's second factor section: off, unless a test answers otherwise.
    this.on('GET /api/auth/second-factor', () =>
      this.identity
        ? json(200, { enabled: false, pending: null, required: false, backupCodesLeft: 0 })
        : json(401, {}),
    );
    // The lists the signed-in screens load on arrival (top, edit-top, managers), empty unless a
    // test answers them, so that a test about routing need not know every screen's calls.
    for (const route of [
      'POST /api/v1/notice/get-notice',
      'POST /api/v1/banner/get-banner',
      'POST /api/v1/user/get-user-by-customer',
      'POST /api/v1/user/get-all-user-type',
      'GET /api/v1/spec/get-all-customer-code-list',
    ]) {
      this.on(route, () => json(200, []));
    }
    this.on('GET /api/v1/top/drawings', () =>
      json(200, { url: 'https://example.com/drawings', password: 'roof2025' }),
    );
    // Staff's side navigation counts the requests waiting for them (decision 032).
    this.on('GET /api/v1/inquiries/open-count', () => json(200, { open: 0 }));
  }

  /** Answers `METHOD /path` (no query) with the handler, replacing an earlier one. */
  on(route: string, handler: FakeHandler): this {
    this.routes.set(route, handler);
    return this;
  }

  /**
   * Answers every route without a handler of its own, instead of failing the test. For tests about
   * navigation that land on screens loading data the test does not care about.
   */
  otherwise(handler: FakeHandler): this {
    this.fallback = handler;
    return this;
  }

  /** The requests made to one route, e.g. calls('POST /api/auth/sign-out'). */
  calls(route: string): FakeRequest[] {
    return this.requests.filter((request) => `${request.method} ${request.path}` === route);
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
    };
    this.requests.push(request);
    const handler = this.routes.get(`${method} ${url.pathname}`) ?? this.fallback;
    if (!handler) {
      this.unhandled.push(`${method} ${url.pathname}`);
      return json(501, { code: 'NOT_IMPLEMENTED_IN_FAKE_SERVER' });
    }
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return handler(request);
  };
}

export let fakeServer = new FakeServer();

/** For setup-tests.ts: a fresh server as the global fetch. */
export function installFakeServer(): FakeServer {
  fakeServer = new FakeServer();
  vi.stubGlobal('fetch', fakeServer.fetch);
  return fakeServer;
}
