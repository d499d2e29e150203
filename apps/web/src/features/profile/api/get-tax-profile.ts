import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxProfileResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/tax-profile?taxYear=: the year's wizard (step, personal answers, answers, completion). */
export function getTaxProfile(taxYear: number, signal?: AbortSignal): Promise<TaxProfileResponse> {
  return api.get<TaxProfileResponse>(`/api/tax-profile?taxYear=${taxYear}`, { signal });
}

export function taxProfileQueryOptions(taxYear: number) {
  return queryOptions({
    queryKey: queryKeys.taxProfile(taxYear),
    queryFn: ({ signal }) => getTaxProfile(taxYear, signal),
    // The wizard works on its own copy once open; a refetch must not overwrite what is being typed.
    staleTime: Infinity,
    retry: 1,
  });
}

export function useTaxProfile(taxYear: number) {
  return useQuery(taxProfileQueryOptions(taxYear));
}
