import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserSummary, Role } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { adminKeys } from './admin-keys';

/** PATCH /api/admin/users/:userId/role {role}: the server keeps at least one admin (409 LAST_ADMIN). */
export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: Role }) =>
      api.patch<AdminUserSummary>(`/api/admin/users/${userId}/role`, { role }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // An admin who removes their own role loses the panel: the user query says so.
      void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
    },
  });
}
