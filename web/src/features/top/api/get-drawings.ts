import { drawingsAccessSchema } from '@domain/api/top-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/top/drawings: the drawings tile's site and password (signed-in people only). */
export function getDrawings() {
  return apiRequest({
    path: '/top/drawings',
    auth: { kind: 'bearer' },
    schema: drawingsAccessSchema,
  });
}

// The server's configuration: it does not change while the app runs.
export const drawingsQueryOptions = () =>
  queryOptions({
    queryKey: ['top', 'drawings'] as const,
    queryFn: getDrawings,
    staleTime: Infinity,
  });

export function useTopDrawings() {
  return useQuery(drawingsQueryOptions());
}
