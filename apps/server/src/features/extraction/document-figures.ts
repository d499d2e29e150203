import { sumAmounts, type EchStatementFields, type FiguresResponse, type SalaryCertificateFields } from '@taxli/domain';
import type { StoredExtraction } from './extraction.repository.js';

/** A read document of a person's year, with its file. */
export interface ReadDocument {
  fileId: number;
  fileName: string;
  row: StoredExtraction;
}

/**
 * "Figures from documents" (issue 29 item 7): salary per certificate and per employer, statements
 * with their totals; every sum exact on the decimal strings (domain sumAmounts), never floats.
 */
export function documentFigures(documents: ReadDocument[]): FiguresResponse {
  const done = documents.filter((d) => d.row.status === 'done');
  const salary = done
    .filter((d) => d.row.kind === 'salary-certificate')
    .map(({ fileId, fileName, row }) => {
      const fields = row.fields as SalaryCertificateFields;
      return {
        fileId,
        fileName,
        employer: fields.employer.name,
        periodFrom: fields.periodFrom,
        periodUntil: fields.periodUntil,
        grossIncome: fields.grossIncome,
        netIncome: fields.netIncome,
        confirmed: row.confirmedAt !== null,
      };
    });
  const employers = [...new Set(salary.map((s) => s.employer))].sort((a, b) => a.localeCompare(b));
  const salaryTotalsByEmployer = employers.map((employer) => {
    const ofEmployer = salary.filter((s) => s.employer === employer);
    return { employer, grossIncome: sumAmounts(ofEmployer.map((s) => s.grossIncome)), netIncome: sumAmounts(ofEmployer.map((s) => s.netIncome)) };
  });
  const statements = done
    .filter((d) => d.row.kind === 'ech-0196')
    .map(({ fileId, fileName, row }) => {
      const fields = row.fields as EchStatementFields;
      return {
        fileId,
        fileName,
        institution: fields.institution.name,
        totalTaxValue: fields.totalTaxValue,
        totalGrossRevenueA: fields.totalGrossRevenueA,
        totalGrossRevenueB: fields.totalGrossRevenueB,
        totalWithHoldingTaxClaim: fields.totalWithHoldingTaxClaim,
        confirmed: row.confirmedAt !== null,
      };
    });
  const total = (key: 'totalTaxValue' | 'totalGrossRevenueA' | 'totalGrossRevenueB' | 'totalWithHoldingTaxClaim') => sumAmounts(statements.map((s) => s[key]));
  return {
    salary,
    salaryTotalsByEmployer,
    statements,
    statementTotals: {
      totalTaxValue: total('totalTaxValue'),
      totalGrossRevenueA: total('totalGrossRevenueA'),
      totalGrossRevenueB: total('totalGrossRevenueB'),
      totalWithHoldingTaxClaim: total('totalWithHoldingTaxClaim'),
    },
  };
}
