import type { QueryClient } from '@tanstack/react-query';
import { categoriesQuery } from '../../lib/documents';
import { taxStatusQuery } from './api/get-tax-status';
import { dashboardYear } from './dashboard-year';

/**
 * Asks what the dashboard shows first (the year's status and categories) with the same options as
 * its queries, which then join these requests. Not the documents: their query is never fresh, so
 * the page would ask them again as it mounts. Called at start once the session is known
 * to be alive (app/session/start-session-early.ts): the answers travel while the page's code loads,
 * and the page's first effects no longer start them all in one long task on a phone (docs/performance.md, "Lighthouse, mobile").
 */
export function prefetchDashboardData(queryClient: QueryClient, search: string, today: Date): void {
  const year = dashboardYear(new URLSearchParams(search), today);
  void queryClient.prefetchQuery(taxStatusQuery(year));
  void queryClient.prefetchQuery(categoriesQuery(year));
}
