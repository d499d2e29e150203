import { useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/inbox?taxYear=: the year's read documents awaiting the person's review (issue 29). */
export function getInbox(taxYear: number, signal?: AbortSignal) {
  return callApi(routes.inbox, { query: { taxYear }, signal });
}

/** No retry storm: the panel is an extra on the dashboard and hides itself while the inbox is not there. */
export function useInbox(taxYear: number) {
  return useQuery({
    queryKey: queryKeys.inbox(taxYear),
    queryFn: ({ signal }) => getInbox(taxYear, signal),
    retry: 1,
  });
}
