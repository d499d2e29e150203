import { describe, expect, it } from 'vitest';
import {
  advancedInfoTaxYears,
  dashboardTaxYears,
  fileHistoryTaxYears,
  filingOpensOn,
  isAcceptableTaxYear,
  acceptableTaxYears,
  isYearOpenForFiling,
  taxYearInPreparation,
} from './tax-years.js';

const nov2026 = new Date(2026, 10, 22);

describe('tax years (D2)', () => {
  it('prepares the previous calendar year', () => {
    expect(taxYearInPreparation(nov2026)).toBe(2025);
    expect(taxYearInPreparation(new Date(2027, 0, 1))).toBe(2026);
  });

  it('offers the last three years on the dashboard, newest first', () => {
    expect(dashboardTaxYears(nov2026)).toEqual([2025, 2024, 2023]);
  });

  it('opens a year for filing on 1 January of the following year', () => {
    expect(filingOpensOn(2026)).toEqual(new Date(2027, 0, 1));
    expect(isYearOpenForFiling(2026, nov2026)).toBe(false);
    expect(isYearOpenForFiling(2026, new Date(2026, 11, 31, 23, 59))).toBe(false);
    expect(isYearOpenForFiling(2026, new Date(2027, 0, 1))).toBe(true);
    expect(isYearOpenForFiling(2025, nov2026)).toBe(true);
  });

  it('lists file history years as the current year and the four before', () => {
    expect(fileHistoryTaxYears(nov2026)).toEqual([2026, 2025, 2024, 2023, 2022]);
  });

  it('lists advanced tax information years from current -3 to +1', () => {
    expect(advancedInfoTaxYears(nov2026)).toEqual([2027, 2026, 2025, 2024, 2023]);
  });

  it('accepts API years from ten years back to next year, whole numbers only', () => {
    expect(isAcceptableTaxYear(2025, nov2026)).toBe(true);
    expect(isAcceptableTaxYear(2016, nov2026)).toBe(true);
    expect(isAcceptableTaxYear(2015, nov2026)).toBe(false);
    expect(isAcceptableTaxYear(2028, nov2026)).toBe(false);
    expect(isAcceptableTaxYear(2025.5, nov2026)).toBe(false);
  });

  it('accepts every year any screen offers: the one rule covers the dashboard, File History and Advanced Tax Information', () => {
    for (const years of [dashboardTaxYears(nov2026), fileHistoryTaxYears(nov2026), advancedInfoTaxYears(nov2026)]) {
      for (const year of years) expect(isAcceptableTaxYear(year, nov2026), String(year)).toBe(true);
    }
    expect(acceptableTaxYears(nov2026)).toEqual({ from: 2016, to: 2027 });
    expect(isAcceptableTaxYear(Number.NaN, nov2026)).toBe(false);
  });
});
