import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TaxAddressBody, type UserResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/user/tax-address: the address lookup's Save Address (part 2 §2). */
export function saveTaxAddress(body: TaxAddressBody): Promise<UserResponse> {
  return callApi(routes.updateTaxAddress, { body });
}

/** The user and the notifications are fetched again, so the bell's 'Add your tax address' goes at once. */
export function useSaveTaxAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaxAddress,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
      ]);
    },
  });
}
