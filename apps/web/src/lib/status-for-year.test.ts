import { describe, expect, it } from 'vitest';
import { statusForYear } from './status-for-year';

const user = {
  taxYear: 2025,
  taxStatus: 'documents_pending' as const,
  taxYearStatuses: [
    { taxYear: 2025, status: 'documents_pending' as const },
    { taxYear: 2024, status: 'completed' as const },
  ],
};

describe('statusForYear', () => {
  it("takes the user's status when it belongs to the year", () => {
    expect(statusForYear(user, 2025)).toBe('documents_pending');
  });

  it("takes the year's entry for another year", () => {
    expect(statusForYear(user, 2024)).toBe('completed');
  });

  it('assumes status 1 for a year without data', () => {
    expect(statusForYear(user, 2023)).toBe('profile_incomplete');
    expect(statusForYear({ ...user, taxYear: 2024, taxYearStatuses: [] }, 2025)).toBe('profile_incomplete');
  });
});
