import { STAFF_CUSTOMER_CODE } from '@domain/constants';
import type { z } from 'zod';
import { ensureAccessToken, fetchAccessToken } from './access-token';
import { HttpError, isHttpError, type RequestOptions, requestJson } from './http';

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
  const send = async (token?: string) =>
    requestJson(url, {
      method,
      body,
      timeoutMs,
      headers:
        auth.kind === 'apiKey'
          ? { 'x-api-key': auth.apiKey }
          : { authorization: `Bearer ${token ?? (await ensureAccessToken())}` },
    });

  let data: unknown;
  try {
    data = await send();
  } catch (error) {
    // A token that expired while the tab slept: fetch a new one once and repeat the call.
    if (auth.kind !== 'bearer' || !isHttpError(error, 401)) throw error;
    data = await send(await fetchAccessToken());
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new HttpError(0, 'INVALID_RESPONSE', data, { cause: parsed.error });
  return parsed.data;
}
