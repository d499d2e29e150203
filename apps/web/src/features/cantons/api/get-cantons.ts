import { useQuery } from '@tanstack/react-query';
import type { CantonJsonEntry } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /cantons/cantons.json (part 2 §7): a static list, fetched once per visit and kept. */
export function useCantons() {
  return useQuery({
    queryKey: queryKeys.cantons,
    queryFn: ({ signal }) => api.get<CantonJsonEntry[]>('/cantons/cantons.json', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
