import { useQuery } from '@tanstack/react-query';
import { BACKGROUND_REQUEST_HEADER, type NotificationsResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Part 1 §9: notifications are polled every 30 s. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/**
 * GET /api/notifications. Every fetch is marked as background: nobody asked for it, so it must not
 * keep an idle session alive (D13).
 */
export function getNotifications(signal?: AbortSignal): Promise<NotificationsResponse> {
  return api.get<NotificationsResponse>('/api/notifications', { signal, headers: { [BACKGROUND_REQUEST_HEADER]: '1' } });
}

export function useNotifications() {
  return useQuery({
    queryKey: queryKeys.notifications(),
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    staleTime: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: false,
  });
}
