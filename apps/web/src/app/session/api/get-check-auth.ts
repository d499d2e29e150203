import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { BACKGROUND_REQUEST_HEADER, type CheckAuthResponse } from '@taxli/domain';
import { api, ApiError } from '../../../lib/api-client';
import { appEvents, emitAppEvent } from '../../../lib/app-events';
import { queryKeys } from '../../../lib/query-keys';
import { useBackgroundPoll } from '../use-background-poll';

/** Part 1 §9: the session is checked every 60 s. */
export const AUTH_POLL_MS = 60_000;

export const SIGNED_OUT: CheckAuthResponse = {
  isAuthenticated: false,
  success: true,
  userId: null,
  email: null,
  isAdmin: false,
};

interface CheckAuthOptions {
  signal?: AbortSignal;
  background?: boolean;
}

/** GET /api/debug/check-auth. A 401 from it simply means "signed out". */
export async function getCheckAuth({ signal, background = false }: CheckAuthOptions = {}): Promise<CheckAuthResponse> {
  try {
    return await api.get<CheckAuthResponse>('/api/debug/check-auth', {
      signal,
      headers: background ? { [BACKGROUND_REQUEST_HEADER]: '1' } : undefined,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return SIGNED_OUT;
    throw error;
  }
}

/**
 * Checks the session and reports a session that was alive and is gone now with the same
 * session-expired event a 401 raises, so the root layout has one signal to watch.
 */
export async function refreshCheckAuth(client: QueryClient, options: CheckAuthOptions): Promise<CheckAuthResponse> {
  const before = client.getQueryData<CheckAuthResponse>(queryKeys.auth);
  const after = await getCheckAuth(options);
  if (before?.isAuthenticated && !after.isAuthenticated) {
    emitAppEvent(appEvents.sessionExpired);
  }
  return after;
}

/**
 * The session as the server sees it. `refetchOnMount: 'always'` is for the signed-in layout: entering
 * it right after sign-in must not trust a "signed out" answer cached on the login page.
 */
export function useCheckAuth({ refetchOnMount = true }: { refetchOnMount?: boolean | 'always' } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.auth,
    queryFn: ({ signal }) => refreshCheckAuth(queryClient, { signal }),
    staleTime: AUTH_POLL_MS,
    retry: false,
    refetchOnMount,
  });
}

/** The 60 s background check; mounted once, by the root layout. */
export function useCheckAuthPolling(): void {
  const queryClient = useQueryClient();
  useBackgroundPoll(queryKeys.auth, (signal) => refreshCheckAuth(queryClient, { signal, background: true }), AUTH_POLL_MS);
}
