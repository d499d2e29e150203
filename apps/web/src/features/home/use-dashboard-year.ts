import { useSearchParams } from 'react-router';
import { dashboardTaxYears, isYearOpenForFiling, taxYearInPreparation } from '@taxli/domain';
import { useToday } from '../../lib/clock';

/**
 * The year the dashboard shows, kept in the URL (?year=) so that a reload or a shared link keeps it.
 * A year the dashboard does not offer, or one not yet open for filing, falls back to the year in
 * preparation (D2).
 */
export function useDashboardYear(): [number, (year: number) => void] {
  const today = useToday();
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('year'));
  const year = dashboardTaxYears(today).includes(requested) && isYearOpenForFiling(requested, today) ? requested : taxYearInPreparation(today);
  const choose = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('year', String(next));
      return updated;
    });
  return [year, choose];
}
