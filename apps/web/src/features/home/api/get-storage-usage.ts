import { useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/files/usage: what the account's documents take of its storage quota (read again after uploads and deletions). */
export function useStorageUsage() {
  return useQuery({
    queryKey: queryKeys.storageUsage,
    queryFn: ({ signal }) => callApi(routes.storageUsage, { signal }),
    staleTime: 0,
  });
}
