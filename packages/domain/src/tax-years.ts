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

/** How far back a client may name a year: the ten years Swiss law keeps tax records. */
export const TAX_YEARS_BACK = 10;

/**
 * The one rule for a year a client may name anywhere in the API: from ten years before the current
 * year to the next year. Every screen offers a part of it (dashboard, File History, Advanced Tax
 * Information, the wizard), so every endpoint a screen calls accepts every year it offers.
 */
export function acceptableTaxYears(today: Date): { from: number; to: number } {
  const current = today.getFullYear();
  return { from: current - TAX_YEARS_BACK, to: current + 1 };
}

export function isAcceptableTaxYear(taxYear: number, today: Date): boolean {
  const { from, to } = acceptableTaxYears(today);
  return Number.isInteger(taxYear) && taxYear >= from && taxYear <= to;
}
