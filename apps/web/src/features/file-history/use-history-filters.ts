import { useSearchParams } from 'react-router';
import { fileHistoryTaxYears, findCategory, taxYearInPreparation } from '@taxli/domain';
import { useToday } from '../../lib/clock';

export type CategoryFilter = number | 'all';

export interface HistoryFilters {
  year: number;
  category: CategoryFilter;
  setYear(year: number): void;
  setCategory(category: CategoryFilter): void;
}

/** A whole number as the address writes it ("2025"), else undefined. */
const wholeNumber = (value: string | null) => (value !== null && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

/**
 * File History's year and category live in the address (?year=2025&category=5), so a reload, Back
 * and Forward and a shared link show the same list. Each change is a step of the browser's history.
 * A year the page does not offer or an unknown category reads as the default (the year in
 * preparation, all categories), never as an error.
 */
export function useHistoryFilters(): HistoryFilters {
  const today = useToday();
  const [params, setParams] = useSearchParams();
  const requestedYear = wholeNumber(params.get('year'));
  const year = requestedYear !== undefined && fileHistoryTaxYears(today).includes(requestedYear) ? requestedYear : taxYearInPreparation(today);
  const requestedCategory = wholeNumber(params.get('category'));
  const category: CategoryFilter = requestedCategory !== undefined && findCategory(requestedCategory) ? requestedCategory : 'all';

  const show = (next: { year: number; category: CategoryFilter }) =>
    setParams(next.category === 'all' ? { year: String(next.year) } : { year: String(next.year), category: String(next.category) });

  return {
    year,
    category,
    setYear: (next) => show({ year: next, category }),
    setCategory: (next) => show({ year, category: next }),
  };
}
