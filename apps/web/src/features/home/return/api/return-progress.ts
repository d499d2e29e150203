import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

/**
 * What the expert has done on a year: who handles it, open document requests, the prepared return,
 * the filing date, unread messages. Asked for only once the year is transmitted (status 4 on):
 * before, there is nothing to show and the dashboard stays as it was (see home-page.tsx).
 */
export const returnProgressQuery = (taxYear: number) =>
  queryOptions({
    queryKey: queryKeys.returnProgress(taxYear),
    queryFn: ({ signal }) => callApi(routes.returnProgress, { query: { taxYear }, signal }),
    staleTime: 30_000,
  });

/** Only for a transmitted year: the dashboard mounts the panel that asks from status 4 on. */
export function useReturnProgress(taxYear: number) {
  return useQuery(returnProgressQuery(taxYear));
}
