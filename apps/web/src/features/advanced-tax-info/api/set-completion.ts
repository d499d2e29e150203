import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshWhenTransmitted } from '../transmitted-refusal';
import { patchAdvancedTaxInfo } from './get-advanced-tax-info';

export interface CompletionChange {
  taxYear: number;
  completed: boolean;
}

/**
 * PUT /api/advanced-tax-info/completion {taxYear, completed}: the flag transmit checks (D1, D6).
 * The dashboard's status of the year is read again, so Mark as Transmitted follows it.
 */
export function useSetCompletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CompletionChange) => callApi(routes.setAdvancedInfoCompletion, { body: change }),
    onSuccess: (_answer, { taxYear, completed }) => {
      patchAdvancedTaxInfo(queryClient, taxYear, (info) => ({ ...info, completed }));
    },
    onError: (error, { taxYear }) => refreshWhenTransmitted(queryClient, taxYear, error),
    onSettled: (_answer, _error, { taxYear }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(taxYear) });
    },
  });
}
