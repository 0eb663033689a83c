import { isHttpError } from './http';

/**
 * The sentence a screen shows for a failed request: the server's Japanese words for a refused
 * filter (400, its first field's), the screen's own for a refusal of access (403), the server's
 * for the statuses the screen names (a document gone: 404, 410), else the screen's general one.
 */
export function refusalMessage(
  error: unknown,
  words: { fallback: string; forbidden: string; serverSays?: readonly number[] },
): string {
  if (isHttpError(error)) {
    const body = error.body as { message?: string; fieldErrors?: { message: string }[] } | null;
    if (error.status === 400)
      return body?.fieldErrors?.[0]?.message ?? body?.message ?? words.fallback;
    if (error.status === 403) return words.forbidden;
    if (words.serverSays?.includes(error.status)) return body?.message ?? words.fallback;
  }
  return words.fallback;
}
