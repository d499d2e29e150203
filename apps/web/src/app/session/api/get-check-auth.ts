import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import type { CheckAuthResponse } from '@taxli/domain';
import { queryKeys } from '../../../lib/query-keys';
import { checkSession } from '../../../lib/session';
import { useBackgroundPoll } from '../use-background-poll';

/** Part 1 §9: the session is checked every 60 s. */
export const AUTH_POLL_MS = 60_000;

type RefetchOnMount = boolean | 'always' | ((query: Query<CheckAuthResponse>) => boolean | 'always');

/**
 * For the signed-in layout: entering it right after sign-in must not trust a "signed out" answer
 * cached on the login page, so that one is always asked again; a "signed in" answer younger than the
 * poll's interval is trusted (the page's start has just asked it: session/start-session-early.ts).
 */
export const refetchUnlessSignedIn: RefetchOnMount = (query) => (query.state.data?.isAuthenticated ? true : 'always');

/** The session as the server sees it (lib/session.ts). */
export function useCheckAuth({ refetchOnMount = true }: { refetchOnMount?: RefetchOnMount } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.auth,
    queryFn: ({ signal }) => checkSession(queryClient, { signal }),
    staleTime: AUTH_POLL_MS,
    retry: false,
    refetchOnMount,
  });
}

/** The 60 s background check; mounted once, by the root layout. */
export function useCheckAuthPolling(): void {
  const queryClient = useQueryClient();
  useBackgroundPoll(queryKeys.auth, (signal) => checkSession(queryClient, { signal, background: true }), AUTH_POLL_MS);
}
