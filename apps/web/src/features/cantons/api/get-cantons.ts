import { useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /cantons/cantons.json (part 2 §7): a static list, fetched once per visit and kept. */
export function useCantons() {
  return useQuery({
    queryKey: queryKeys.cantons,
    queryFn: ({ signal }) => callApi(routes.cantons, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
