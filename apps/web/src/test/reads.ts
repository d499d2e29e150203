import type { ExtractionResponse } from '@taxli/domain';

/**
 * What GET /api/files/:id/extraction answers for a salary certificate and an e-tax statement, for
 * the web app's tests of the inbox, the upload toasts and the figures (issue 29).
 */
export const salaryRead: ExtractionResponse = {
  status: 'done',
  kind: 'salary-certificate',
  source: 'barcode',
  confidence: 1,
  suggestedCategoryId: 5,
  failureCode: null,
  fields: { employer: { name: 'COMPLEX Elektronik AG' }, employee: {}, periodFrom: '2025-01-01', periodUntil: '2025-12-31', grossIncome: '68000.00', netIncome: '58000.00' },
};

export const statementRead: ExtractionResponse = {
  ...salaryRead,
  kind: 'ech-0196',
  source: 'attachment',
  suggestedCategoryId: 1,
  fields: {
    minorVersion: 22,
    institution: { name: 'UBS Switzerland AG' },
    client: [],
    taxPeriod: '2025',
    periodFrom: '2025-01-01',
    periodTo: '2025-12-31',
    canton: 'ZH',
    totalTaxValue: '125000.50',
    totalGrossRevenueA: '0.00',
    totalGrossRevenueB: '0.00',
    totalWithHoldingTaxClaim: '0.00',
    bankAccounts: [],
    securities: [],
  },
};
