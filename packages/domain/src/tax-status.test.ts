import { describe, expect, it } from 'vitest';
import {
  areDocumentsFrozen,
  nextTaxStatus,
  previousTaxStatus,
  statusBarPercent,
  TAX_STATUSES,
  taxStatusId,
  taxStatusLabel,
  taxStatusName,
  type TaxStatusId,
} from './tax-status.js';

describe('tax statuses (D1)', () => {
  it("names each status by the dashboard bar's English label", () => {
    expect(TAX_STATUSES.map((s) => taxStatusLabel(s.id))).toEqual(['Initial', 'Tax Profile', 'Documents', 'Transmitted', 'Reviewed', 'Completed']);
  });

  it('keeps the canonical ids and names', () => {
    expect(TAX_STATUSES.map((s) => `${s.id}:${s.name}`)).toEqual([
      '1:profile_incomplete',
      '2:documents_pending',
      '3:documents_submitted',
      '4:processing',
      '5:review_required',
      '6:completed',
    ]);
  });

  it('maps names to ids and back, unknown values to status 1', () => {
    expect(taxStatusId('processing')).toBe(4);
    expect(taxStatusId('nonsense')).toBe(1);
    expect(taxStatusId(undefined)).toBe(1);
    expect(taxStatusName(6)).toBe('completed');
    expect(taxStatusName(9)).toBe('profile_incomplete');
  });

  it('computes the bar as id / 6', () => {
    expect([1, 2, 3, 4, 5, 6].map(statusBarPercent)).toEqual([16.67, 33.33, 50, 66.67, 83.33, 100]);
    expect(statusBarPercent(0)).toBe(16.67);
  });

  it('uses the admin progress values of part 2 §4', () => {
    expect(TAX_STATUSES.map((s) => s.adminProgress)).toEqual([16, 32, 48, 64, 82, 100]);
  });
});

describe('admin stepper wrap rules (part 2 §4)', () => {
  it('Next steps forward and wraps from completed or no status to profile_incomplete', () => {
    expect([1, 2, 3, 4, 5].map((id) => nextTaxStatus(id as TaxStatusId))).toEqual([2, 3, 4, 5, 6]);
    expect(nextTaxStatus(6)).toBe(1);
    expect(nextTaxStatus(undefined)).toBe(1);
    expect(nextTaxStatus(null)).toBe(1);
  });

  it('Previous steps back and wraps from the first or no status to completed', () => {
    expect([2, 3, 4, 5, 6].map((id) => previousTaxStatus(id as TaxStatusId))).toEqual([1, 2, 3, 4, 5]);
    expect(previousTaxStatus(1)).toBe(6);
    expect(previousTaxStatus(undefined)).toBe(6);
  });
});

describe('documents frozen by transmission (D7)', () => {
  it('lets documents change before transmission and freezes them from status 4 on', () => {
    expect([1, 2, 3, 4, 5, 6].map(areDocumentsFrozen)).toEqual([false, false, false, true, true, true]);
  });
});
