import type { QueryClient } from '@tanstack/react-query';
import { notificationsQuery } from '../../features/notifications/notifications-query';
import { getUser, userQueryOptions } from '../../lib/current-user';
import { queryKeys } from '../../lib/query-keys';
import { checkSession } from '../../lib/session';
import { AUTH_POLL_MS } from './api/get-check-auth';
import { isPublicPath, withoutTrailingSlash } from './public-paths';

type PageData = typeof import('./page-data');

/**
 * The pages whose data is asked at start, by address (router.tsx), with the same options as their
 * queries, which then join these requests. In a file of its own (page-data.ts), not in the entry,
 * which the sign-in page loads too (its budget: docs/performance.md).
 */
const PAGE_DATA: Record<string, (data: PageData, queryClient: QueryClient, search: string, today: Date) => void> = {
  '/': (data, queryClient, search, today) => data.prefetchDashboardData(queryClient, search, today),
  '/advanced-tax-info': (data, queryClient, _search, today) => data.prefetchAdvancedData(queryClient, today),
  '/advanced-tax-info-legacy': (data, queryClient, _search, today) => data.prefetchAdvancedData(queryClient, today),
};

/**
 * The first paint of a signed-in page waits for the session and the user (docs/performance.md, "Lighthouse, mobile"). Asked here at
 * start, both travel at once while the texts and the page's code load, instead of one after another
 * behind them. A public page (the login page, the legal pages) asks nothing. The user is asked
 * without waiting for the session check, so its 401 for a signed-out visitor is expected and raises
 * no session-expired event; it is kept only when the session check says signed in. Failures are left
 * to the layout's own queries, which show them.
 */
export async function startSessionEarly(queryClient: QueryClient, { pathname, search }: Pick<Location, 'pathname' | 'search'>): Promise<void> {
  if (isPublicPath(pathname)) return;
  // The page's asking comes while the session is checked (a failure to load it asks nothing).
  const askPageData = PAGE_DATA[withoutTrailingSlash(pathname)];
  const pageData = askPageData && import('./page-data').catch(() => undefined);
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
    if (!session.isAuthenticated) {
      queryClient.removeQueries({ queryKey: userQueryOptions().queryKey, exact: true });
      return;
    }
    // Signed in: the header's bell is on every page, a page's own data only on that page of a
    // complete profile (an incomplete one is sent to the first-time profile).
    void queryClient.prefetchQuery(notificationsQuery);
    const profileComplete = queryClient.getQueryData(userQueryOptions().queryKey)?.isProfileComplete === true;
    if (!profileComplete) return;
    const data = await pageData;
    if (askPageData && data) askPageData(data, queryClient, search, new Date());
  } catch {
    // The signed-in layout asks again and shows what failed.
  }
}
