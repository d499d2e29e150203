import type { QueryClient } from '@tanstack/react-query';
import { taxYearInPreparation } from '@taxli/domain';
import { taxCardsQuery } from '../../lib/queries/tax-cards';
import { taxProfileQuery } from '../../lib/queries/tax-profile';
import { advancedTaxInfoQuery } from './api/get-advanced-tax-info';

/**
 * Asks what Advanced Tax Information waits for before it shows its forms, for the year it opens on:
 * the year's answers, the tabs they call for, and the tax profile (a first visit starts the
 * Children form and the canton from it, asked otherwise only once the answers are in). The same
 * options as the page's queries, which then join these requests. Not the documents and the
 * checklist: never fresh, the page would ask them again as it mounts. Called at start once the
 * session is known to be alive (app/session/start-session-early.ts), as the dashboard's are: the
 * answers travel while the page's code loads, and the page's first effects no longer start them
 * in one long task on a phone (docs/performance.md, "Lighthouse, mobile").
 */
export function prefetchAdvancedData(queryClient: QueryClient, today: Date): void {
  const year = taxYearInPreparation(today);
  void queryClient.prefetchQuery(advancedTaxInfoQuery(year));
  void queryClient.prefetchQuery(taxCardsQuery(year));
  void queryClient.prefetchQuery(taxProfileQuery(year));
}
