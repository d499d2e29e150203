import { queryOptions } from '@tanstack/react-query';
import { routes, type TaxProfileResponse } from '@taxli/domain';
import { callApi } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /api/tax-profile?taxYear=: the year's wizard (step, personal answers, answers, completion, version). */
export function getTaxProfile(taxYear: number, signal?: AbortSignal): Promise<TaxProfileResponse> {
  return callApi(routes.getTaxProfile, { query: { taxYear }, signal });
}

/**
 * The one query of a year's tax profile, for the wizard and for Advanced Tax Information (the
 * number of children). Every draft save writes its answer into it, so it never shows an older
 * step than the server holds; the wizard still asks again when it opens (another device may
 * have moved on).
 */
export function taxProfileQuery(taxYear: number) {
  return queryOptions({
    queryKey: queryKeys.taxProfile(taxYear),
    queryFn: ({ signal }) => getTaxProfile(taxYear, signal),
    staleTime: 60_000,
    retry: 1,
  });
}
