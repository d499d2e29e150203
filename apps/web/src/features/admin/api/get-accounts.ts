import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUsersResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/users?q=: accounts whose e-mail contains q or whose id is q, newest first. */
export function useAccounts(q: string) {
  const search = q ? `?q=${encodeURIComponent(q)}` : '';
  return useQuery({
    queryKey: adminKeys.accounts(q),
    queryFn: ({ signal }) => api.get<AdminUsersResponse>(`/api/admin/users${search}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
