import { acceptableTaxYears, isAcceptableTaxYear, taxYearInPreparation } from '@taxli/domain';
import { fieldRefusal } from './validation-error.js';

/**
 * The year a request names, by the domain's one rule (isAcceptableTaxYear: ten years back to next
 * year, by the server's clock); without one, the year in preparation (DECISIONS D2).
 */
export function resolveTaxYear(today: Date, requested: number | undefined): number {
  if (requested === undefined) return taxYearInPreparation(today);
  if (!isAcceptableTaxYear(requested, today)) {
    const { from, to } = acceptableTaxYears(today);
    throw fieldRefusal('taxYear', `must be a year from ${from} to ${to}`, 'TAX_YEAR_OUT_OF_RANGE', { min: from, max: to });
  }
  return requested;
}
