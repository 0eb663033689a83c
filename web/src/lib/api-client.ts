import { STAFF_CUSTOMER_CODE } from '@domain/constants';
import type { z } from 'zod';
import { ensureAccessToken, fetchAccessToken } from './access-token';
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

/**
 * Sends a call with its auth header; a bearer call refused with 401 (a token that expired while
 * the tab slept) fetches a new token once and is repeated.
 */
async function withAuth<T>(
  auth: ApiAuth,
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  if (auth.kind === 'apiKey') return send({ 'x-api-key': auth.apiKey });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  try {
    return await send(bearer(await ensureAccessToken()));
  } catch (error) {
    if (!isHttpError(error, 401)) throw error;
    return send(bearer(await fetchAccessToken()));
  }
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
  const data = await withAuth(auth, (headers) =>
    requestJson(url, { method, body, timeoutMs, headers }),
  );
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
