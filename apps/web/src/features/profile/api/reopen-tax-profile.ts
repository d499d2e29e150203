import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TaxProfileResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/tax-profile/reopen?taxYear=: the completed year becomes a draft again (issue 28). */
export function reopenTaxProfile(taxYear: number): Promise<TaxProfileResponse> {
  return callApi(routes.reopenTaxProfile, { query: { taxYear } });
}

/**
 * On success the year's profile is the answer; the user (its completion flag), the year's status
 * and tax cards are fetched again, since the checklist follows the answers.
 */
export function useReopenTaxProfile(taxYear: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reopenTaxProfile(taxYear),
    onSuccess: async (profile) => {
      queryClient.setQueryData(queryKeys.taxProfile(taxYear), profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(taxYear) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.taxCards(taxYear) }),
      ]);
    },
  });
}
