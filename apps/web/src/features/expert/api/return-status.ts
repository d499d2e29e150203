import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type ExpertStatusBody } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { ReturnRef } from './take-return';

/**
 * POST …/status: 4 → 5 (with a prepared return) or 5 → 4 (with a note). After an answer of any kind
 * the file is read again: a 409 means the status is no longer what the screen showed.
 */
export function useSetReturnStatus(ref: ReturnRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpertStatusBody) => callApi(routes.expertSetStatus, { params: { ...ref }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.expert }),
  });
}

/** POST …/filed {filedOn}: the day the return was filed with the canton (status 6 only). */
export function useRecordFiled(ref: ReturnRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filedOn: string) => callApi(routes.expertFiled, { params: { ...ref }, body: { filedOn } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.expertClientFile(ref.userId, ref.taxYear) }),
  });
}
