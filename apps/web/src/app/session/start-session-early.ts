import type { QueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '../../lib/current-user';
import { queryKeys } from '../../lib/query-keys';
import { checkSession } from '../../lib/session';
import { AUTH_POLL_MS } from './api/get-check-auth';
import { isPublicPath } from './public-paths';

/**
 * The first paint of a signed-in page waits for the session and the user (issue 17). Asked here at
 * start, they travel while the texts and the page's code load, instead of after them. A public page
 * (the login page, the legal pages) asks nothing. The user is asked only once the server has said
 * the session is alive, so a signed-out visitor never gets a 401 from it. Failures are left to the
 * layout's own queries, which show them.
 */
export async function startSessionEarly(queryClient: QueryClient, pathname: string): Promise<void> {
  if (isPublicPath(pathname)) return;
  try {
    const session = await queryClient.fetchQuery({
      queryKey: queryKeys.auth,
      queryFn: ({ signal }) => checkSession(queryClient, { signal }),
      staleTime: AUTH_POLL_MS,
    });
    if (session.isAuthenticated) await queryClient.prefetchQuery(userQueryOptions());
  } catch {
    // The signed-in layout asks again and shows what failed.
  }
}
