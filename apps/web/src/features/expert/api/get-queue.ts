import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { routes, type ExpertQueueFilter } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The queue's filters as the screen holds them (left out: not filtered). */
export type QueueFilters = Omit<ExpertQueueFilter, 'cursor'>;

/** GET /api/expert/returns: the queue a page at a time; each page's nextCursor asks for the next. */
export function useQueue(filters: QueueFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.expertQueue(filters),
    queryFn: ({ pageParam, signal }) => callApi(routes.expertQueue, { query: { ...filters, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // A new filter keeps the rows on screen until its answer arrives (no flash of "Loading").
    placeholderData: keepPreviousData,
  });
}
