import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetProfileResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';

/** POST /api/admin/reset-profile {userId}; on success every cached query is refreshed (part 2 §7). */
export function useResetProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post<ResetProfileResponse>('/api/admin/reset-profile', { userId }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
