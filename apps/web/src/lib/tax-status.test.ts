import { describe, expect, it } from 'vitest';
import { statusFromResponse, statusFromUser } from './tax-status';

describe('statusFromResponse (part 1 §4 precedence)', () => {
  it('takes taxStatus before the status string and the string before the id', () => {
    expect(statusFromResponse({ taxYear: 2025, taxStatus: 'completed', status: 'documents_pending', current_status_id: 2 }, 2025)).toBe('completed');
    expect(statusFromResponse({ taxYear: 2025, status: 'processing', current_status_id: 2 }, 2025)).toBe('processing');
    expect(statusFromResponse({ taxYear: 2025, current_status_id: 5 }, 2025)).toBe('review_required');
  });

  it('skips values it does not know', () => {
    expect(statusFromResponse({ taxYear: 2025, taxStatus: 'weird', status: 'documents_submitted' } as never, 2025)).toBe('documents_submitted');
    expect(statusFromResponse({ taxYear: 2025, status: 'weird', current_status_id: 3 } as never, 2025)).toBe('documents_submitted');
    expect(statusFromResponse({ taxYear: 2025, current_status_id: 9 } as never, 2025)).toBe('profile_incomplete');
  });

  it('ignores an answer for another year and assumes status 1', () => {
    expect(statusFromResponse({ taxYear: 2024, status: 'completed', current_status_id: 6 }, 2025)).toBe('profile_incomplete');
  });
});

describe('statusFromUser (fallback when the tax-status call fails)', () => {
  const user = {
    taxYear: 2025,
    taxStatus: 'documents_pending' as const,
    taxYearStatuses: [
      { taxYear: 2025, status: 'documents_pending' as const },
      { taxYear: 2024, status: 'completed' as const },
    ],
  };

  it("takes the user's status when it belongs to the year, else that year's entry", () => {
    expect(statusFromUser(user, 2025)).toBe('documents_pending');
    expect(statusFromUser(user, 2024)).toBe('completed');
  });

  it('assumes status 1 without data for the year or without a user', () => {
    expect(statusFromUser(user, 2023)).toBe('profile_incomplete');
    expect(statusFromUser({ ...user, taxYear: 2024, taxYearStatuses: [] }, 2025)).toBe('profile_incomplete');
    expect(statusFromUser(undefined, 2025)).toBe('profile_incomplete');
  });
});
