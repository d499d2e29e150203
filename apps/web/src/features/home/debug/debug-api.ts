import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type TaxStatusId } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { OverrideScope } from './status-override';

/**
 * The dashboard debug panel's calls (part 1 §2 and §7; only with DEBUG_TOOLS=1 and for admins, D4).
 * Each acts on the signed-in admin's own account.
 */
const debugTaxStatusKey = (taxYear: number) => ['debug', 'tax-status', taxYear] as const;
const everyDebugTaxStatus = ['debug', 'tax-status'] as const;

/** GET /api/tax/status?taxYear=: the year's tax-profile flag and status. */
export function useDebugTaxStatus(taxYear: number) {
  return useQuery({
    queryKey: debugTaxStatusKey(taxYear),
    queryFn: ({ signal }) => callApi(routes.debugTaxStatus, { query: { taxYear }, signal }),
    retry: false,
  });
}

/** Check DB: GET /api/debug/db-status. */
export function useCheckDatabase() {
  return useMutation({ mutationFn: () => callApi(routes.debugDbStatus) });
}

/** Fix Column: POST /api/debug/fix-column (applies pending committed migrations). */
export function useFixColumn() {
  return useMutation({ mutationFn: () => callApi(routes.debugFixColumn) });
}

/** After a change the dashboard, the bell and the panel read the year (or every year) again (part 1 §8). */
function useRefreshYear() {
  const queryClient = useQueryClient();
  return (scope: OverrideScope) => {
    void queryClient.invalidateQueries({ queryKey: scope === 'all' ? everyDebugTaxStatus : debugTaxStatusKey(scope) });
    void queryClient.invalidateQueries({ queryKey: scope === 'all' ? queryKeys.allTaxStatuses : queryKeys.taxStatus(scope) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    void queryClient.invalidateQueries({ queryKey: scope === 'all' ? queryKeys.allReturnProgress : queryKeys.returnProgress(scope) });
    if (scope !== 'all') void queryClient.invalidateQueries({ queryKey: queryKeys.taxCards(scope) });
  };
}

/** Toggle Status: POST /api/tax-profile/set-status {status, taxYear}. */
export function useSetTaxProfileStatus() {
  const refresh = useRefreshYear();
  return useMutation({
    mutationFn: ({ status, taxYear }: { status: boolean; taxYear: number }) => callApi(routes.debugSetTaxProfileStatus, { body: { status, taxYear } }),
    onSuccess: (_answer, { taxYear }) => refresh(taxYear),
  });
}

/**
 * The status override: PATCH /api/user/tax-status {taxStatus, taxYear} on the admin's own account,
 * or {taxStatus, allYears: true} for every year.
 */
export function useOverrideStatus() {
  const refresh = useRefreshYear();
  return useMutation({
    mutationFn: ({ taxStatus, scope }: { taxStatus: TaxStatusId; scope: OverrideScope }) =>
      callApi(routes.adminSetTaxStatus, { body: scope === 'all' ? { taxStatus, allYears: true } : { taxStatus, taxYear: scope } }),
    onSuccess: (_answer, { scope }) => refresh(scope),
  });
}
