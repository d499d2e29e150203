import type { QueryClient } from '@tanstack/react-query';
import type { InboxItem } from '@taxli/domain';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After an accept or a dismiss: the item leaves the inbox at once (the server no longer lists it),
 * then the year's files are read again, and with them, under the same key, the checklist (a move
 * may tick an item), the transmit review and the inbox itself; the status and the user follow a
 * move as they follow one made in Your Files.
 */
export async function refreshAfterDecision(queryClient: QueryClient, taxYear: number, fileId: number): Promise<void> {
  queryClient.setQueryData<{ items: InboxItem[] }>(queryKeys.inbox(taxYear), (inbox) => inbox && { items: inbox.items.filter((item) => item.fileId !== fileId) });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.files(taxYear) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(taxYear) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.fileHistory(fileId) }),
  ]);
}
