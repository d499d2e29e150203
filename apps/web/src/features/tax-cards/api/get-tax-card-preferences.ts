import { useQuery } from '@tanstack/react-query';
import { taxCardsQuery } from '../../../lib/queries/tax-cards';

/** The year's 21 cards, completeness and priorities (part 2 §5). */
export function useTaxCardPreferences(taxYear: number) {
  return useQuery(taxCardsQuery(taxYear));
}
