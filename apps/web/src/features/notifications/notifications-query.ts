import { queryOptions } from '@tanstack/react-query';
import { BACKGROUND_REQUEST_HEADER, type NotificationsResponse } from '@taxli/domain';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** What is still missing (part 1 §9 rules): polled every 30 s, as a background request. */
export const notificationsQuery = queryOptions({
  queryKey: queryKeys.notifications,
  queryFn: ({ signal }) => api.get<NotificationsResponse>('/api/notifications', { signal, headers: { [BACKGROUND_REQUEST_HEADER]: '1' } }),
  refetchInterval: 30_000,
  staleTime: 30_000,
});
