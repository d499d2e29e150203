import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/tax-year-status/transmit with the person's confirmation. The year travels with the
 * call, so a year switched while it runs does not get the other year refreshed.
 */
export function useTransmit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taxYear: number) => callApi(routes.transmit, { body: { taxYear, confirmed: true } }),
    onSettled: (_answer, _error, taxYear) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(taxYear) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transmitReview(taxYear) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.files(taxYear) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allReturnProgress });
    },
  });
}
