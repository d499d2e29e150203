import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type ThreadResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { ReturnRef } from './take-return';

/** GET …/messages: the year's thread with the person (reading it marks the person's messages read). */
export function useThread({ userId, taxYear }: ReturnRef) {
  return useQuery({
    queryKey: queryKeys.expertThread(userId, taxYear),
    queryFn: ({ signal }) => callApi(routes.expertThread, { params: { userId, taxYear }, signal }),
  });
}

/** POST …/messages {message}: the answer joins the thread at once; the queue's unread counts change. */
export function useSendExpertMessage({ userId, taxYear }: ReturnRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => callApi(routes.expertSendMessage, { params: { userId, taxYear }, body: { message } }),
    onSuccess: (sent) => {
      queryClient.setQueryData<ThreadResponse>(queryKeys.expertThread(userId, taxYear), (thread) =>
        thread ? { ...thread, messages: [...thread.messages, sent] } : thread,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.expertQueues });
    },
  });
}
