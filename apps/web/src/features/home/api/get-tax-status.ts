import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The status of one tax year (D1); 30 s fresh, three retries (part 1 §9). */
export const taxStatusQuery = (taxYear: number) =>
  queryOptions({
    queryKey: queryKeys.taxStatus(taxYear),
    queryFn: ({ signal }) => callApi(routes.getTaxStatus, { query: { taxYear }, signal }),
    staleTime: 30_000,
    retry: 3,
  });

export function useTaxStatus(taxYear: number) {
  return useQuery(taxStatusQuery(taxYear));
}
