import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type PreparedReturnSummary } from '@taxli/domain';
import { queryKeys } from '../../../lib/query-keys';
import { postFormWithProgress } from '../../../lib/upload-request';
import type { ReturnRef } from './take-return';

/**
 * POST …/prepared-return (multipart, `file`): the prepared return, one PDF, which the server
 * recognises by its content and stores encrypted as a new version (201).
 */
export function useUploadPreparedReturn(ref: ReturnRef, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await postFormWithProgress({ route: routes.expertUploadPreparedReturn, params: { ...ref }, form, onProgress })) as PreparedReturnSummary;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.expertClientFile(ref.userId, ref.taxYear) }),
  });
}
