import { DOCUMENT_YEARS_BACK, isDocumentTaxYear, taxYearInPreparation } from '@taxli/domain';
import { AppError } from './app-error.js';

/**
 * The year a status, document or transmission request names: current −5 .. current, by the
 * server's clock. Without one, the year in preparation (DECISIONS D2).
 */
export function resolveTaxYear(today: Date, requested: number | undefined): number {
  if (requested === undefined) return taxYearInPreparation(today);
  if (!isDocumentTaxYear(requested, today)) {
    const current = today.getFullYear();
    throw new AppError(400, 'VALIDATION_ERROR', `taxYear: must be a year from ${current - DOCUMENT_YEARS_BACK} to ${current}`, 'taxYear');
  }
  return requested;
}
