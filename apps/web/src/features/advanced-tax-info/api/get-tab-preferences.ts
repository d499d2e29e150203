import { useQuery } from '@tanstack/react-query';
import { taxCardsQuery } from '../../../lib/queries/tax-cards';

/** Which of the optional tabs the year's answers call for (the tax cards' `preferences`). */
export function useTabPreferences(taxYear: number) {
  return useQuery(taxCardsQuery(taxYear));
}
