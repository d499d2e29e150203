import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { refreshAfterDecision } from './inbox-decided';

/** POST /api/inbox/:fileId/dismiss: the file stays where it is and leaves the inbox. */
export function dismissInboxItem(fileId: number) {
  return callApi(routes.inboxDismiss, { params: { fileId } });
}

export function useDismissInboxItem(taxYear: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissInboxItem,
    onSuccess: (_answer, fileId) => void refreshAfterDecision(queryClient, taxYear, fileId),
  });
}
