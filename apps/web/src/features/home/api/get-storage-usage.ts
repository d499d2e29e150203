import { useQuery } from '@tanstack/react-query';
import type { StorageUsage } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/files/usage: what the account's documents take of its storage quota (read again after uploads and deletions). */
export function useStorageUsage() {
  return useQuery({
    queryKey: queryKeys.storageUsage,
    queryFn: ({ signal }) => api.get<StorageUsage>('/api/files/usage', { signal }),
    staleTime: 0,
  });
}
