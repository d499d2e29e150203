import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { routes, type SendMessageResponse, type ThreadResponse } from '@taxli/domain';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

/**
 * The person's thread with the experts for a year, oldest first. Reading it marks the experts'
 * messages read on the server, so it is asked for only when it is shown (see message-thread.tsx).
 */
export const threadQuery = (taxYear: number) =>
  queryOptions({
    queryKey: queryKeys.thread(taxYear),
    queryFn: ({ signal }) => callApi(routes.thread, { query: { taxYear }, signal }),
    staleTime: 30_000,
  });

/**
 * A message the person has just sent, at the end of the year's thread at once (the server's answer
 * carries its id and time); the thread is read again afterwards all the same.
 */
export function appendSentMessage(queryClient: QueryClient, taxYear: number, body: string, answer: SendMessageResponse | undefined): void {
  if (typeof answer?.id !== 'number') return;
  queryClient.setQueryData<ThreadResponse>(queryKeys.thread(taxYear), (thread) => {
    if (thread === undefined || thread.messages.some((message) => message.id === answer.id)) return thread;
    // The thread shows the person's own messages as "You"; the name is the one the server gave them.
    const authorFirstName = thread.messages.filter((message) => message.from === 'person').at(-1)?.authorFirstName ?? '';
    const sent = { id: answer.id, from: 'person' as const, authorFirstName, body, createdAt: answer.createdAt, readAt: null };
    return { ...thread, messages: [...thread.messages, sent] };
  });
}

/**
 * After the person sent, approved or asked for changes: the year's status (bar, texts), the
 * expert's work and the thread are read again, and the user, which carries the statuses too.
 */
export async function refreshReturnWork(queryClient: QueryClient, taxYear: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(taxYear) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.returnProgress(taxYear) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.thread(taxYear) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
  ]);
}
