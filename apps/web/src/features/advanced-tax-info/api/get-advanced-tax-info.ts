import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { routes, type AdvancedTaxInfoResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { advancedKeys } from './keys';

/**
 * GET /api/advanced-tax-info?taxYear=: everything the screen shows for the year, loaded once up
 * front so that switching tabs never waits for the network (D6: the server holds it).
 */
export function advancedTaxInfoQuery(taxYear: number) {
  return queryOptions({
    queryKey: advancedKeys.info(taxYear),
    queryFn: ({ signal }) => callApi(routes.getAdvancedTaxInfo, { query: { taxYear }, signal }),
    staleTime: 30_000,
    retry: 2,
  });
}

export function useAdvancedTaxInfo(taxYear: number) {
  return useQuery(advancedTaxInfoQuery(taxYear));
}

/** Changes the cached answer of a year in place (after a save the server accepted, or optimistically). */
export function patchAdvancedTaxInfo(queryClient: QueryClient, taxYear: number, change: (info: AdvancedTaxInfoResponse) => AdvancedTaxInfoResponse): void {
  queryClient.setQueryData<AdvancedTaxInfoResponse>(advancedKeys.info(taxYear), (info) => (info ? change(info) : info));
}
