import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/users/:userId/delete: erases a person's account on their behalf (never one's own: 409). */
export function useDeleteAccountOnBehalf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => callApi(routes.adminDeleteUser, { params: { userId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
