import { useQuery } from '@tanstack/react-query';
import type { TaxCategoryPreferencesResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { advancedKeys } from './keys';

/** GET /api/tax-category-preferences?taxYear=: which of the optional tabs the year's answers call for. */
export function useTabPreferences(taxYear: number) {
  return useQuery({
    queryKey: advancedKeys.tabPreferences(taxYear),
    queryFn: ({ signal }) => api.get<TaxCategoryPreferencesResponse>(`/api/tax-category-preferences?taxYear=${taxYear}`, { signal }),
    staleTime: 60_000,
    retry: 1,
  });
}
