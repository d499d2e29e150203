import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type AdminTaxStatusBody } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { adminKeys } from './admin-keys';

/**
 * PATCH /api/user/tax-status {taxStatus, taxYear, userId}: the admin sets an account's status for a
 * year. The answer is that status, so the panel shows it at once; the user query and the year's
 * dashboard status are refreshed (part 2 §7), in case the admin drives their own account.
 */
export function useSetTaxStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTaxStatusBody & { userId: number; taxYear: number }) =>
      callApi(routes.adminSetTaxStatus, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminKeys.taxStatus(answer.userId, answer.taxYear), answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(answer.taxYear) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
  });
}
