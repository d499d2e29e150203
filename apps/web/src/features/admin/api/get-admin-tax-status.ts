import { useQuery } from '@tanstack/react-query';
import type { AdminTaxStatusResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/tax-status?userId=&taxYear=: the status of the account and year the panel drives. */
export function useAdminTaxStatus(userId: number, taxYear: number) {
  return useQuery({
    queryKey: adminKeys.taxStatus(userId, taxYear),
    queryFn: ({ signal }) =>
      api.get<AdminTaxStatusResponse>(`/api/admin/tax-status?userId=${userId}&taxYear=${taxYear}`, { signal }),
    retry: false,
  });
}
