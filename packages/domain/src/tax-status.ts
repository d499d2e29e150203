/** The six tax statuses (DECISIONS D1). Ids are part of the API and never change. */
export const TAX_STATUSES = [
  { id: 1, name: 'profile_incomplete', adminProgress: 16 },
  { id: 2, name: 'documents_pending', adminProgress: 32 },
  { id: 3, name: 'documents_submitted', adminProgress: 48 },
  { id: 4, name: 'processing', adminProgress: 64 },
  { id: 5, name: 'review_required', adminProgress: 82 },
  { id: 6, name: 'completed', adminProgress: 100 },
] as const;

export type TaxStatusName = (typeof TAX_STATUSES)[number]['name'];
export type TaxStatusId = (typeof TAX_STATUSES)[number]['id'];

export const TAX_STATUS_NAMES = TAX_STATUSES.map((s) => s.name) as [TaxStatusName, ...TaxStatusName[]];
export const FIRST_TAX_STATUS: TaxStatusName = 'profile_incomplete';

export function taxStatusId(name: string | null | undefined): TaxStatusId {
  return TAX_STATUSES.find((s) => s.name === name)?.id ?? 1;
}

export function taxStatusName(id: number | null | undefined): TaxStatusName {
  return TAX_STATUSES.find((s) => s.id === id)?.name ?? FIRST_TAX_STATUS;
}

/** The dashboard bar's English labels (D1), for messages that name a status ('status 4 (Transmitted)'). */
const TAX_STATUS_LABELS: Record<TaxStatusId, string> = {
  1: 'Initial',
  2: 'Tax Profile',
  3: 'Documents',
  4: 'Transmitted',
  5: 'Reviewed',
  6: 'Completed',
};

export function taxStatusLabel(id: TaxStatusId): string {
  return TAX_STATUS_LABELS[id];
}

/**
 * DECISIONS D7: a year's documents may be deleted or moved only before it is transmitted (status 4,
 * processing, or later); from then on the versions sent to the experts are frozen.
 */
export function areDocumentsFrozen(statusId: number): boolean {
  return isYearTransmitted(statusId);
}

/**
 * A year is transmitted from status 4 (processing) on: its documents are frozen (D7) and its tax
 * profile can be read but no longer reopened or changed (issue 28).
 */
export function isYearTransmitted(statusId: number): boolean {
  return statusId >= 4;
}

/** Dashboard bar percentage: id / 6, e.g. 3 -> 50. */
export function statusBarPercent(id: number): number {
  const clamped = Math.min(6, Math.max(1, Math.trunc(id) || 1));
  return Math.round((clamped / 6) * 10000) / 100;
}

/** Admin stepper "Next" (part 2 §4): one step forward; from the last status, or none, back to the first. */
export function nextTaxStatus(id: TaxStatusId | null | undefined): TaxStatusId {
  if (id === null || id === undefined || id >= 6) return 1;
  return (id + 1) as TaxStatusId;
}

/** Admin stepper "Previous" (part 2 §4): one step back; from the first status, or none, to the last. */
export function previousTaxStatus(id: TaxStatusId | null | undefined): TaxStatusId {
  if (id === null || id === undefined || id <= 1) return 6;
  return (id - 1) as TaxStatusId;
}
