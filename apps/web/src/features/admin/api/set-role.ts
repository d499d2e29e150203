import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type Role } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { adminKeys } from './admin-keys';

/** PATCH /api/admin/users/:userId/role {role}: the server keeps at least one admin (409 LAST_ADMIN). */
export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: Role }) =>
      callApi(routes.setRole, { params: { userId }, body: { role } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // An admin who removes their own role loses the panel: the user query says so.
      void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
    },
  });
}
