import { isHttpError } from './http';
import { getIdentityToken } from './identity-client';

// The access token for /api/v1 (docs/product.md §11: a JWT, lifetime 1 hour). It lives in memory only;
// the identity cookie is what survives a reload, and a new token is fetched from it.

interface AccessToken {
  token: string;
  /** When the token expires, on this browser's clock. */
  expiresAt: number;
}

/** Used when a token carries no readable `exp`: fetch a new one soon. */
const UNKNOWN_LIFETIME_MS = 10 * 60 * 1000;
/** A token this close to its expiry is not sent any more. */
const EXPIRY_MARGIN_MS = 30 * 1000;

let current: AccessToken | null = null;
/** Bumped by clearAccessToken so that answers to requests sent before are dropped. */
let generation = 0;
let inflight: Promise<string> | null = null;
const changeListeners = new Set<() => void>();
const lostListeners = new Set<() => void>();

export class AccessTokenDiscardedError extends Error {
  constructor() {
    super('The session ended while the access token was being fetched.');
    this.name = 'AccessTokenDiscardedError';
  }
}

export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replaceAll('-', '+').replaceAll('_', '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The expiry on the local clock. With `iat` the lifetime is taken from the server's own clock
 * (exp − iat), so a browser clock that is off does not make a fresh token look expired.
 */
export function localExpiry(token: string, receivedAt: number = Date.now()): number {
  const payload = decodeJwtPayload(token);
  const exp = payload?.exp;
  const iat = payload?.iat;
  if (typeof exp !== 'number') return receivedAt + UNKNOWN_LIFETIME_MS;
  const lifetimeMs = typeof iat === 'number' ? (exp - iat) * 1000 : exp * 1000 - receivedAt;
  return receivedAt + Math.max(lifetimeMs, 0);
}

function notify(listeners: Set<() => void>) {
  for (const listener of [...listeners]) listener();
}

/** The token now held, or null. */
export function accessTokenState(): Readonly<AccessToken> | null {
  return current;
}

/**
 * Fetches a new token from the identity session. A 401 means the session is gone (token loss):
 * the token is dropped and the lost listeners run before the promise rejects.
 */
export function fetchAccessToken(): Promise<string> {
  if (inflight) return inflight;
  const started = generation;
  const request = getIdentityToken().then(
    (token) => {
      if (started !== generation) throw new AccessTokenDiscardedError();
      current = { token, expiresAt: localExpiry(token) };
      notify(changeListeners);
      return token;
    },
    (error: unknown) => {
      if (started === generation && isHttpError(error, 401)) {
        current = null;
        generation += 1;
        notify(lostListeners);
      }
      throw error;
    },
  );
  inflight = request;
  const forget = () => {
    if (inflight === request) inflight = null;
  };
  request.then(forget, forget);
  return request;
}

/**
 * Bumped whenever the token is forgotten (a sign-out, a session found gone): an answer asked for
 * before belongs to a session that has ended.
 */
export function accessTokenGeneration(): number {
  return generation;
}

/** A token valid for a little while yet, fetching one when needed (bearer requests). */
export async function ensureAccessToken(): Promise<string> {
  if (current && current.expiresAt - Date.now() > EXPIRY_MARGIN_MS) return current.token;
  return fetchAccessToken();
}

/** Forgets the token (sign-out); answers to requests already sent are dropped. */
export function clearAccessToken(): void {
  generation += 1;
  inflight = null;
  if (current) {
    current = null;
    notify(changeListeners);
  }
}

export function onAccessTokenChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Runs when the identity session turns out to be gone (GET /api/auth/token answered 401). */
export function onAccessTokenLost(listener: () => void): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}
