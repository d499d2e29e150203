/**
 * Tax years (DECISIONS D2). "Today" is always passed in so that callers can inject a clock.
 * The year in preparation is the previous calendar year; a year opens for filing on 1 January of the
 * following year.
 */
export function taxYearInPreparation(today: Date): number {
  return today.getFullYear() - 1;
}

export function filingOpensOn(taxYear: number): Date {
  return new Date(taxYear + 1, 0, 1);
}

export function isYearOpenForFiling(taxYear: number, today: Date): boolean {
  return today.getTime() >= filingOpensOn(taxYear).getTime();
}

function yearsBack(lastYear: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => lastYear - i);
}

/** Dashboard: the last three years ending at the previous calendar year, newest first. */
export function dashboardTaxYears(today: Date): number[] {
  return yearsBack(taxYearInPreparation(today), 3);
}

/** File history: the current year and the four before it, newest first. */
export function fileHistoryTaxYears(today: Date): number[] {
  return yearsBack(today.getFullYear(), 5);
}

/** Advanced Tax Information: current year -3 to +1, newest first. */
export function advancedInfoTaxYears(today: Date): number[] {
  return yearsBack(today.getFullYear() + 1, 5);
}

/** Any year a client may name in the API: from ten years back to next year. */
export function isAcceptableTaxYear(taxYear: number, today: Date): boolean {
  const current = today.getFullYear();
  return Number.isInteger(taxYear) && taxYear >= current - 10 && taxYear <= current + 1;
}

/** How far back documents, statuses and transmissions may be named: the current year and five before. */
export const DOCUMENT_YEARS_BACK = 5;

/** A year the documents and tax-status API accepts: a whole year from current −5 to current. */
export function isDocumentTaxYear(taxYear: number, today: Date): boolean {
  const current = today.getFullYear();
  return Number.isInteger(taxYear) && taxYear >= current - DOCUMENT_YEARS_BACK && taxYear <= current;
}
