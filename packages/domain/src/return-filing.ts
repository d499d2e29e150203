import { toIsoDate } from './iso-date.js';

/**
 * The day an expert filed a return with the canton (issue 27, D18): a real day, not after today, and
 * not before the year opens for filing (1 January of the following year, tax-years.ts). Dates are
 * compared as 'YYYY-MM-DD' in local time, like the rest of the domain's dates.
 */
export type FiledOnProblem = 'DATE_IN_FUTURE' | 'DATE_TOO_EARLY';

export function filedOnProblem(filedOn: string, taxYear: number, today: Date): FiledOnProblem | undefined {
  if (filedOn > toIsoDate(today)) return 'DATE_IN_FUTURE';
  if (filedOn < earliestFiledOn(taxYear)) return 'DATE_TOO_EARLY';
  return undefined;
}

/** 1 January of the year after the tax year. */
export function earliestFiledOn(taxYear: number): string {
  return `${String(taxYear + 1).padStart(4, '0')}-01-01`;
}
