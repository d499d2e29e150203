import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../../lib/api-client';
import { refreshReturnWork } from './thread';

/**
 * Approve the prepared return (5 → 6) or ask for changes with a message (5 → 4). The year travels
 * with the call, so switching year while it runs refreshes the year that was acted on. The refresh
 * is not awaited: the caller's own callbacks run at once, before the new status takes the buttons
 * that started them off the page.
 */
export function useApproveReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taxYear: number) => callApi(routes.approve, { body: { taxYear } }),
    onSettled: (_answer, _error, taxYear) => void refreshReturnWork(queryClient, taxYear),
  });
}

export function useRequestChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taxYear, message }: { taxYear: number; message: string }) => callApi(routes.requestChanges, { body: { taxYear, message } }),
    onSettled: (_answer, _error, { taxYear }) => void refreshReturnWork(queryClient, taxYear),
  });
}
