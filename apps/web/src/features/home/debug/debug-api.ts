import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTaxStatusResponse, DebugDbStatusResponse, DebugFixColumnResponse, DebugTaxStatusResponse, TaxStatusId } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The dashboard debug panel's calls (part 1 §2 and §7; only with DEBUG_TOOLS=1 and for admins, D4).
 * Each acts on the signed-in admin's own account.
 */
const debugTaxStatusKey = (taxYear: number) => ['debug', 'tax-status', taxYear] as const;

/** GET /api/tax/status?taxYear=: the year's tax-profile flag and status. */
export function useDebugTaxStatus(taxYear: number) {
  return useQuery({
    queryKey: debugTaxStatusKey(taxYear),
    queryFn: ({ signal }) => api.get<DebugTaxStatusResponse>(`/api/tax/status?taxYear=${taxYear}`, { signal }),
    retry: false,
  });
}

/** Check DB: GET /api/debug/db-status. */
export function useCheckDatabase() {
  return useMutation({ mutationFn: () => api.get<DebugDbStatusResponse>('/api/debug/db-status') });
}

/** Fix Column: POST /api/debug/fix-column (applies pending committed migrations). */
export function useFixColumn() {
  return useMutation({ mutationFn: () => api.post<DebugFixColumnResponse>('/api/debug/fix-column') });
}

/** After a change the dashboard, the bell and the panel read the year again (part 1 §8). */
function useRefreshYear() {
  const queryClient = useQueryClient();
  return (taxYear: number) => {
    void queryClient.invalidateQueries({ queryKey: debugTaxStatusKey(taxYear) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(taxYear) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    void queryClient.invalidateQueries({ queryKey: queryKeys.taxCategoryPreferences(taxYear) });
  };
}

/** Toggle Status: POST /api/tax-profile/set-status {status, taxYear}. */
export function useSetTaxProfileStatus() {
  const refresh = useRefreshYear();
  return useMutation({
    mutationFn: ({ status, taxYear }: { status: boolean; taxYear: number }) => api.post<unknown>('/api/tax-profile/set-status', { status, taxYear }),
    onSuccess: (_answer, { taxYear }) => refresh(taxYear),
  });
}

/** The status override: PATCH /api/user/tax-status {taxStatus, taxYear} on the admin's own account. */
export function useOverrideStatus() {
  const refresh = useRefreshYear();
  return useMutation({
    mutationFn: ({ taxStatus, taxYear }: { taxStatus: TaxStatusId; taxYear: number }) =>
      api.patch<AdminTaxStatusResponse>('/api/user/tax-status', { taxStatus, taxYear }),
    onSuccess: (answer) => refresh(answer.taxYear),
  });
}
