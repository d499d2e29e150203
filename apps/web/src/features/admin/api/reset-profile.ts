import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';

/** POST /api/admin/reset-profile {userId}; on success every cached query is refreshed (part 2 §7). */
export function useResetProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => callApi(routes.resetProfile, { body: { userId } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
