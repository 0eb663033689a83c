import { IDENTITY_TIMEOUT_DESKTOP_MS, IDENTITY_TIMEOUT_PHONE_MS } from '@domain/constants';

/** The phone layout starts below Mantine's `sm` breakpoint (48em = 768px), see use-is-desktop.ts. */
const PHONE_QUERY = '(max-width: 767px)';

/** docs/product.md §9: identity requests time out after 30 s, 60 s on a phone (slower networks). */
export function requestTimeoutMs(): number {
  const phone = typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
  return phone ? IDENTITY_TIMEOUT_PHONE_MS : IDENTITY_TIMEOUT_DESKTOP_MS;
}

/**
 * A failed request. `status` is the HTTP status, or 0 when no answer arrived (network, time-out)
 * or the answer had an unexpected shape. `code` is the server's stable code when it sent one.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly body: unknown = null,
    options?: { cause?: unknown },
  ) {
    super(`HTTP ${status} ${code}`, options);
    this.name = 'HttpError';
  }
}

export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}

/**
 * Whether asking again may get another answer: no answer at all, the server's own trouble (5xx),
 * a time-out (408) or too many requests (429). Any other 4xx is the server's final word.
 */
export function mayAskAgain(error: unknown): boolean {
  if (!(error instanceof HttpError)) return true;
  return error.status === 0 || error.status >= 500 || [408, 429].includes(error.status);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  timeoutMs?: number;
}

/** The fetch of requestJson and requestFile; a failure to get any answer is HttpError(0). */
async function send(
  url: string,
  { method = 'GET', headers = {}, body, timeoutMs = requestTimeoutMs() }: RequestOptions,
  accept: string,
  read: (response: Response) => Promise<unknown>,
): Promise<{ response: Response; data: unknown }> {
  try {
    const response = await fetch(url, {
      method,
      credentials: 'include',
      headers: {
        accept,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { response, data: await (response.ok ? read(response) : response.text()) };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new HttpError(0, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', null, { cause: error });
  }
}

function parseText(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failure(response: Response, text: unknown): HttpError {
  const data = parseText(text);
  const code = isRecord(data) && typeof data.code === 'string' ? data.code : 'HTTP_ERROR';
  return new HttpError(response.status, code, data);
}

/**
 * One same-origin JSON request with the session cookie. Throws HttpError for every failure, with
 * the server's `code` (identity and /api/v1 errors both carry one) when the answer has it.
 */
export async function requestJson(url: string, options: RequestOptions = {}): Promise<unknown> {
  const { response, data } = await send(url, options, 'application/json', (r) => r.text());
  if (!response.ok) throw failure(response, data);
  return parseText(data);
}

export interface FileAnswer {
  blob: Blob;
  /** The answer's Content-Disposition header, or null. */
  disposition: string | null;
}

/**
 * A request whose answer is a file (read whole as a Blob); a failure is an HttpError as for
 * requestJson, its JSON error body parsed.
 */
export async function requestFile(url: string, options: RequestOptions = {}): Promise<FileAnswer> {
  const { response, data } = await send(url, options, '*/*', (r) => r.blob());
  if (!response.ok) throw failure(response, data);
  return { blob: data as Blob, disposition: response.headers.get('content-disposition') };
}
