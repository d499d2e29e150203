import { queryOptions } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../api-client';
import { queryKeys } from '../query-keys';

/**
 * GET /api/tax-category-preferences?taxYear= (part 2 §5): the year's tax cards, completeness,
 * priorities and which Advanced Tax Information tabs the answers call for. One query for the tax
 * cards page and Advanced Tax Information; the wizard's final submit refreshes it.
 */
export function taxCardsQuery(taxYear: number) {
  return queryOptions({
    queryKey: queryKeys.taxCards(taxYear),
    queryFn: ({ signal }) => callApi(routes.getTaxCategoryPreferences, { query: { taxYear }, signal }),
    staleTime: 30_000,
  });
}
