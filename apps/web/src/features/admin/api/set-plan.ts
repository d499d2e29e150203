import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type SubscriptionPlan } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { adminKeys } from './admin-keys';

/** PATCH /api/admin/users/:userId/plan {subscriptionPlan} (D14: only administrators change a plan). */
export function useSetPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, subscriptionPlan }: { userId: number; subscriptionPlan: SubscriptionPlan }) =>
      callApi(routes.setPlan, { params: { userId }, body: { subscriptionPlan } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // The admin's own plan shows in their profile and decides their notices.
      void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
  });
}
