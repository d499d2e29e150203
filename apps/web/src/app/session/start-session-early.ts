import type { QueryClient } from '@tanstack/react-query';
import { getUser, userQueryOptions } from '../../lib/current-user';
import { queryKeys } from '../../lib/query-keys';
import { checkSession } from '../../lib/session';
import { AUTH_POLL_MS } from './api/get-check-auth';
import { isPublicPath } from './public-paths';

/**
 * The first paint of a signed-in page waits for the session and the user (issue 17). Asked here at
 * start, both travel at once while the texts and the page's code load, instead of one after another
 * behind them. A public page (the login page, the legal pages) asks nothing. The user is asked
 * without waiting for the session check, so its 401 for a signed-out visitor is expected and raises
 * no session-expired event; it is kept only when the session check says signed in. Failures are left
 * to the layout's own queries, which show them.
 */
export async function startSessionEarly(queryClient: QueryClient, pathname: string): Promise<void> {
  if (isPublicPath(pathname)) return;
  // In the cache at once, so the layout's user query joins this request instead of sending another.
  const user = getUser({ signedOutIsExpected: true });
  const userFetched = queryClient.prefetchQuery({ ...userQueryOptions(), queryFn: () => user, retry: false });
  try {
    const session = await queryClient.fetchQuery({
      queryKey: queryKeys.auth,
      queryFn: ({ signal }) => checkSession(queryClient, { signal }),
      staleTime: AUTH_POLL_MS,
    });
    await userFetched;
    // A signed-out visitor's 401 must not stay behind as the user query's error after sign-in.
    if (!session.isAuthenticated) queryClient.removeQueries({ queryKey: userQueryOptions().queryKey, exact: true });
  } catch {
    // The signed-in layout asks again and shows what failed.
  }
}
