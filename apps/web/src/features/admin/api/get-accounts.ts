import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/users?q=: accounts whose e-mail contains q or whose id is q, newest first. */
export function useAccounts(q: string) {
  return useQuery({
    queryKey: adminKeys.accounts(q),
    queryFn: ({ signal }) => callApi(routes.adminUsers, { query: { q: q || undefined }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
