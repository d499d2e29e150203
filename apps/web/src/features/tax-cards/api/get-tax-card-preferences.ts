import { useQuery } from '@tanstack/react-query';
import type { TaxCategoryPreferencesResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/tax-category-preferences?taxYear= (part 2 §5): the year's 21 cards, completeness and priorities. */
export function useTaxCardPreferences(taxYear: number) {
  return useQuery({
    queryKey: queryKeys.taxCardPreferences(taxYear),
    queryFn: ({ signal }) => api.get<TaxCategoryPreferencesResponse>(`/api/tax-category-preferences?taxYear=${taxYear}`, { signal }),
    staleTime: 30_000,
  });
}
