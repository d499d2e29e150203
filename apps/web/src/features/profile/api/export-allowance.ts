import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_EXPORT_WINDOW_MS, routes, type AccountExportAllowance } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';

const allowanceKey = ['account-export-allowance'] as const;

/** GET /api/account/export/allowance: what is left of the day's data exports. */
export function useExportAllowance() {
  return useQuery<AccountExportAllowance>({ queryKey: allowanceKey, queryFn: () => callApi(routes.accountExportAllowance) });
}

/**
 * A download begun: the server counts it before its first byte, so the allowance shown drops at
 * once (asking the server now would race the download); the first one counted frees in 24 hours.
 */
export function useCountExport(): (now: Date) => void {
  const queryClient = useQueryClient();
  return (now) =>
    queryClient.setQueryData<AccountExportAllowance>(
      allowanceKey,
      (old) => old && { ...old, left: Math.max(0, old.left - 1), freesAt: old.freesAt ?? new Date(now.getTime() + ACCOUNT_EXPORT_WINDOW_MS).toISOString() },
    );
}
