import { useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/tax-status?userId=&taxYear=: the status of the account and year the panel drives. */
export function useAdminTaxStatus(userId: number, taxYear: number) {
  return useQuery({
    queryKey: adminKeys.taxStatus(userId, taxYear),
    queryFn: ({ signal }) =>
      callApi(routes.adminTaxStatus, { query: { userId, taxYear }, signal }),
    retry: false,
  });
}
