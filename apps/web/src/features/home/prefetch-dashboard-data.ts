import type { QueryClient } from '@tanstack/react-query';
import { categoriesQuery, filesQuery } from '../../lib/documents';
import { storageUsageQuery } from './api/get-storage-usage';
import { taxStatusQuery } from './api/get-tax-status';
import { dashboardYear } from './dashboard-year';

/**
 * Asks what the dashboard shows first (the year's status, categories, documents and storage line)
 * with the same options as its queries, which then join these requests. Called at start once the
 * session is known to be alive (app/session/start-session-early.ts): the answers travel while the
 * page's code loads, so the page's first render (which React slices) already shows them, instead of
 * each answer making a render of its own that React does not slice (docs/performance.md,
 * "Lighthouse, mobile"). The documents and the storage line are never fresh, so the page asks them
 * again as it mounts when these answers came first; an unchanged answer renders nothing again.
 */
export function prefetchDashboardData(queryClient: QueryClient, search: string, today: Date): void {
  const year = dashboardYear(new URLSearchParams(search), today);
  void queryClient.prefetchQuery(taxStatusQuery(year));
  void queryClient.prefetchQuery(categoriesQuery(year));
  void queryClient.prefetchQuery(filesQuery(year));
  void queryClient.prefetchQuery(storageUsageQuery);
}
