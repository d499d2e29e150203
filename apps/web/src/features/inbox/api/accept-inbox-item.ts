import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { refreshAfterDecision } from './inbox-decided';

export interface AcceptInput {
  fileId: number;
  /** Another category than the suggestion; left out, the server moves the file to its suggestion. */
  categoryId?: number;
}

/** POST /api/inbox/:fileId/accept: confirms the figures and moves the file to the suggested category. */
export function acceptInboxItem({ fileId, categoryId }: AcceptInput) {
  return callApi(routes.inboxAccept, { params: { fileId }, body: categoryId === undefined ? {} : { categoryId } });
}

export function useAcceptInboxItem(taxYear: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInboxItem,
    // Not awaited: the caller's own message is set before the refreshed inbox drops the item.
    onSuccess: (_answer, { fileId }) => void refreshAfterDecision(queryClient, taxYear, fileId),
  });
}
