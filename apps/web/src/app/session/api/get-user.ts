import { getUser, USER_STALE_TIME_MS } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useBackgroundPoll } from '../use-background-poll';

/**
 * The 30 s background refresh of GET /api/user (part 1 §7). The fetcher and the query itself live in
 * lib/current-user.ts, because the home and profile features read the user too and must not import
 * the app layer.
 */
export function useUserPolling(enabled: boolean): void {
  useBackgroundPoll(queryKeys.user(), (signal) => getUser({ signal, background: true }), USER_STALE_TIME_MS, enabled);
}
