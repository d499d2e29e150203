import { advancedInfoTaxYears, DOCUMENT_YEARS_BACK, isDocumentTaxYear, taxYearInPreparation } from '@taxli/domain';
import { AppError } from './app-error.js';

const outOfRange = (from: number, to: number) =>
  new AppError(400, 'VALIDATION_ERROR', `taxYear: must be a year from ${from} to ${to}`, 'taxYear');

/**
 * The year a status, document or transmission request names: current −5 .. current, by the
 * server's clock. Without one, the year in preparation (DECISIONS D2).
 */
export function resolveTaxYear(today: Date, requested: number | undefined): number {
  if (requested === undefined) return taxYearInPreparation(today);
  if (!isDocumentTaxYear(requested, today)) {
    const current = today.getFullYear();
    throw outOfRange(current - DOCUMENT_YEARS_BACK, current);
  }
  return requested;
}

/** The year of an Advanced Tax Information request: that screen's years, current −3 .. +1 (D2). */
export function resolveAdvancedInfoTaxYear(today: Date, requested: number): number {
  const years = advancedInfoTaxYears(today); // newest first
  if (!years.includes(requested)) throw outOfRange(years.at(-1)!, years[0]!);
  return requested;
}
