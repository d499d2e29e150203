import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a document is deleted or moved: the year's files (checklist, count), its status (the bar may
 * have gone from 3 back to 2), the user (which carries the status too), the bell's notices, the
 * file's versions and the storage used are read again, so every part of the dashboard shows the
 * change at once.
 */
export async function refreshAfterDocumentChange(queryClient: QueryClient, taxYear: number, fileId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.files(taxYear) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(taxYear) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
    queryClient.invalidateQueries({ queryKey: queryKeys.fileHistory(fileId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.storageUsage }),
  ]);
}
