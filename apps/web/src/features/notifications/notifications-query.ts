import { queryOptions } from '@tanstack/react-query';
import { routes, BACKGROUND_REQUEST_HEADER } from '@taxli/domain';
import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** What is still missing (part 1 §9 rules): polled every 30 s, as a background request. */
export const notificationsQuery = queryOptions({
  queryKey: queryKeys.notifications,
  queryFn: ({ signal }) => callApi(routes.notifications, { signal, headers: { [BACKGROUND_REQUEST_HEADER]: '1' } }),
  refetchInterval: 30_000,
  staleTime: 30_000,
});
