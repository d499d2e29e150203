import { dashboardTaxYears, isYearOpenForFiling, taxYearInPreparation } from '@taxli/domain';

/** The year the dashboard shows: the one asked for in `?year=` when it is offered and open, else the year in preparation. */
export function dashboardYear(params: URLSearchParams, today: Date): number {
  const requested = Number(params.get('year'));
  return dashboardTaxYears(today).includes(requested) && isYearOpenForFiling(requested, today) ? requested : taxYearInPreparation(today);
}
