import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxStatusResponse, TransmitResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/tax-year-status/transmit: 3 → 4, refused by the server unless the section is complete. */
export function transmitTaxYear(taxYear: number): Promise<TransmitResponse> {
  return api.post<TransmitResponse>('/api/tax-year-status/transmit', { taxYear });
}

/**
 * Transmits the year. The answer is the new status, shown at once; then the user, the year's status
 * and its files are fetched again (part 1 §7: after a status change everything that shows it refreshes).
 */
export function useTransmitTaxYear(taxYear: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => transmitTaxYear(taxYear),
    onSuccess: (answer) => {
      queryClient.setQueryData<TaxStatusResponse>(queryKeys.taxStatus(taxYear), (previous) => ({
        advancedInfoCompleted: previous?.advancedInfoCompleted ?? true,
        taxYear: answer.taxYear,
        status: answer.status,
        current_status_id: answer.current_status_id,
        transmittedAt: answer.transmittedAt,
      }));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(taxYear) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.files(taxYear) });
    },
  });
}
