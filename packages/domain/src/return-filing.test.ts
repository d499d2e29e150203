import { describe, expect, it } from 'vitest';
import { earliestFiledOn, filedOnProblem } from './return-filing.js';

describe('the filing date of a return (issue 27)', () => {
  const today = new Date(2026, 2, 15, 12);

  it('accepts today and any day since 1 January of the following year', () => {
    expect(filedOnProblem('2026-03-15', 2025, today)).toBeUndefined();
    expect(filedOnProblem('2026-01-01', 2025, today)).toBeUndefined();
    expect(filedOnProblem('2025-06-30', 2024, today)).toBeUndefined();
  });

  it('refuses a day in the future and a day before the year could be filed', () => {
    expect(filedOnProblem('2026-03-16', 2025, today)).toBe('DATE_IN_FUTURE');
    expect(filedOnProblem('2025-12-31', 2025, today)).toBe('DATE_TOO_EARLY');
    expect(earliestFiledOn(2025)).toBe('2026-01-01');
  });
});
