import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http';
import { createQueryClient } from './query-provider';

describe('the app’s reads', () => {
  const retry = createQueryClient().getDefaultOptions().queries?.retry as (
    failures: number,
    error: unknown,
  ) => boolean;

  it('are tried again after no answer or a server failure, three times at most', () => {
    for (const error of [
      new HttpError(0, 'NETWORK'),
      new HttpError(503, 'SERVICE_UNAVAILABLE'),
      new HttpError(429, 'TOO_MANY_REQUESTS'),
      new TypeError('Failed to fetch'),
    ]) {
      expect(retry(0, error)).toBe(true);
      expect(retry(2, error)).toBe(true);
      expect(retry(3, error)).toBe(false);
    }
  });

  it('are not tried again after a final answer such as a folder that does not exist', () => {
    for (const status of [400, 401, 403, 404, 409]) {
      expect(retry(0, new HttpError(status, 'X'))).toBe(false);
    }
  });
});
