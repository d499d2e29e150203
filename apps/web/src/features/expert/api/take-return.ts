import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ReturnRef {
  userId: number;
  taxYear: number;
}

/**
 * POST …/assign with no assignee: the caller takes the return. 409 when someone else has it; either
 * way the queue and the client file are read again, so they show who handles it now.
 */
export function useTakeReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, taxYear }: ReturnRef) => callApi(routes.expertAssign, { params: { userId, taxYear }, body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.expert }),
  });
}
