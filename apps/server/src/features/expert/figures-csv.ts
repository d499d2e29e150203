import type { FiguresResponse } from '@taxli/domain';

const CSV_HEADER = ['kind', 'fileId', 'fileName', 'name', 'periodFrom', 'periodUntil', 'grossIncome', 'netIncome', 'totalTaxValue', 'totalGrossRevenueA', 'totalGrossRevenueB', 'totalWithHoldingTaxClaim', 'confirmed'];

/** The figures as CSV rows (lib/csv.ts writes them): each document, then the totals. */
export function figuresCsvRows(figures: FiguresResponse): { header: string[]; rows: (string | number | boolean | null)[][] } {
  const rows: (string | number | boolean | null)[][] = [
    ...figures.salary.map((s) => ['salary', s.fileId, s.fileName, s.employer, s.periodFrom, s.periodUntil, s.grossIncome, s.netIncome, null, null, null, null, s.confirmed]),
    ...figures.salaryTotalsByEmployer.map((t) => ['salary total', null, null, t.employer, null, null, t.grossIncome, t.netIncome, null, null, null, null, null]),
    ...figures.statements.map((s) => ['statement', s.fileId, s.fileName, s.institution, null, null, null, null, s.totalTaxValue, s.totalGrossRevenueA, s.totalGrossRevenueB, s.totalWithHoldingTaxClaim, s.confirmed]),
  ];
  const t = figures.statementTotals;
  rows.push(['statement total', null, null, null, null, null, null, null, t.totalTaxValue, t.totalGrossRevenueA, t.totalGrossRevenueB, t.totalWithHoldingTaxClaim, null]);
  return { header: CSV_HEADER, rows };
}
