import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type DocumentRequestBody } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { ReturnRef } from './take-return';

/** POST …/requests {categoryId, note}: asks the person for a document; the file and the queue show it. */
export function useRequestDocument(ref: ReturnRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentRequestBody) => callApi(routes.expertRequestDocument, { params: { ...ref }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.expert }),
  });
}
