import { STAFF_CUSTOMER_CODE } from '@domain/constants';
import type { z } from 'zod';
import { accessTokenGeneration, ensureAccessToken, fetchAccessToken } from './access-token';
import { HttpError, isHttpError, type RequestOptions, requestFile, requestJson } from './http';

export const API_V1_BASE_PATH = '/api/v1';

/**
 * docs/product.md §6: calls of a signed-in user carry the bearer access token; the pre-login calls carry the
 * fixed api-key header (config publicApiKey).
 */
export type ApiAuth = { kind: 'bearer' } | { kind: 'apiKey'; apiKey: string };

export interface ApiRequest<T> {
  method?: RequestOptions['method'];
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  auth: ApiAuth;
  /** The answer's shape; anything else fails as HttpError(0, 'INVALID_RESPONSE'). */
  schema: z.ZodType<T>;
  timeoutMs?: number;
}

/**
 * docs/product.md §9: login_user_id is the signed-in user's id, or 99999 while no user is known yet. The
 * server accepts it for compatibility and authorizes by the token (docs/product.md §12).
 */
export function loginUserId(userId: number | null | undefined): number {
  return userId ?? STAFF_CUSTOMER_CODE;
}

function urlOf(path: string, query: ApiRequest<unknown>['query']): string {
  const url = `${API_V1_BASE_PATH}${path}`;
  if (!query) return url;
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  return `${url}?${search}`;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Sends a call with its auth header; a bearer call refused with 401 (a token that expired while
 * the tab slept) fetches a new token once and is repeated.
 */
async function withAuth<T>(
  auth: ApiAuth,
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  if (auth.kind === 'apiKey') return send({ 'x-api-key': auth.apiKey });
  try {
    return await send(bearer(await ensureAccessToken()));
  } catch (error) {
    if (!isHttpError(error, 401)) throw error;
    return send(bearer(await fetchAccessToken()));
  }
}

/** How long a call sent ahead (sendAhead) waits for the screen to make it. */
const SENT_AHEAD_WAIT_MS = 20_000;

interface SentAhead {
  /** The answer's JSON, not yet checked against a schema. */
  answer: Promise<unknown>;
  /** The access token's generation it was sent in (accessTokenGeneration). */
  generation: number;
}

/** Bearer calls sent ahead of the screen that makes them, by callKey, until taken or expired. */
const sentAhead = new Map<string, SentAhead>();

const callKey = (method: string, url: string, body: unknown) =>
  `${method} ${url} ${JSON.stringify(body ?? null)}`;

/**
 * Sends now a bearer call that a screen still loading will make (docs/decisions/021): the
 * screen's own call, the same method, address and body within SENT_AHEAD_WAIT_MS, takes this
 * answer instead of asking again. A call that fails is forgotten, and the screen asks itself.
 * Nothing sent in one session answers in the next: a sign-out in between drops it.
 */
export function sendAhead({
  method = 'GET',
  path,
  query,
  body,
}: Pick<ApiRequest<unknown>, 'method' | 'path' | 'query' | 'body'>): void {
  const url = urlOf(path, query);
  const key = callKey(method, url, body);
  const sent: SentAhead = {
    // Not repeated on a 401 as the screen's calls are: the screen asks again itself.
    answer: ensureAccessToken().then((token) =>
      requestJson(url, { method, body, headers: bearer(token) }),
    ),
    generation: accessTokenGeneration(),
  };
  sentAhead.set(key, sent);
  const forget = () => {
    if (sentAhead.get(key) === sent) sentAhead.delete(key);
  };
  sent.answer.catch(forget);
  setTimeout(forget, SENT_AHEAD_WAIT_MS);
}

/** For tests only: drops the calls sent ahead, which a page's next test must not take. */
export function forgetSentAheadForTests(): void {
  sentAhead.clear();
}

/** The answer of the same call sent ahead in this session, taken (once), or null. */
function takeSentAhead(key: string): Promise<unknown> | null {
  const sent = sentAhead.get(key);
  if (!sent) return null;
  sentAhead.delete(key);
  return sent.generation === accessTokenGeneration() ? sent.answer : null;
}

/** One /api/v1 call: auth header, time-out, JSON error parsing, answer checked against its schema. */
export async function apiRequest<T>({
  method = 'GET',
  path,
  query,
  body,
  auth,
  schema,
  timeoutMs,
}: ApiRequest<T>): Promise<T> {
  const url = urlOf(path, query);
  const send = () =>
    withAuth(auth, (headers) => requestJson(url, { method, body, timeoutMs, headers }));
  const ahead = auth.kind === 'bearer' ? takeSentAhead(callKey(method, url, body)) : null;
  // An answer sent ahead that fails after all (taken before it settled) is asked for again.
  const data = ahead ? await ahead.catch(send) : await send();
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new HttpError(0, 'INVALID_RESPONSE', data, { cause: parsed.error });
  return parsed.data;
}

export interface ApiFile {
  blob: Blob;
  /** The server's file name (Content-Disposition filename*, else filename), or null. */
  fileName: string | null;
}

/**
 * The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` (how the server
 * sends Japanese names), else the plain `filename`.
 */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A broken encoding: the plain name below.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(disposition);
  return plain?.[1] ?? plain?.[2] ?? null;
}

/** An /api/v1 call whose answer is a file (an export): auth and errors as apiRequest. */
export async function apiFileRequest({
  method = 'POST',
  path,
  query,
  body,
  auth,
  timeoutMs,
}: Omit<ApiRequest<unknown>, 'schema'>): Promise<ApiFile> {
  const url = urlOf(path, query);
  const answer = await withAuth(auth, (headers) =>
    requestFile(url, { method, body, timeoutMs, headers }),
  );
  return { blob: answer.blob, fileName: fileNameOf(answer.disposition) };
}
