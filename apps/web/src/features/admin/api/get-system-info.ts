import { useQuery } from '@tanstack/react-query';
import type { SystemInfoResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/system-info: what runs, as the server knows it (environment, build, stores). */
export function useSystemInfo() {
  return useQuery({
    queryKey: adminKeys.systemInfo,
    queryFn: ({ signal }) => api.get<SystemInfoResponse>('/api/admin/system-info', { signal }),
    staleTime: 60_000,
    retry: false,
  });
}
