import { useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/system-info: what runs, as the server knows it (environment, build, stores). */
export function useSystemInfo() {
  return useQuery({
    queryKey: adminKeys.systemInfo,
    queryFn: ({ signal }) => callApi(routes.systemInfo, { signal }),
    staleTime: 60_000,
    retry: false,
  });
}
