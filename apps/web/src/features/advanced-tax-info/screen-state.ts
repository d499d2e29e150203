import { isSectionEnabled, type AdvancedSection, type AdvancedTaxInfoResponse, type ChecklistResponse, type FileRecord } from '@taxli/domain';

/** What every tab of the screen reads: the year's aggregate, its files, and the preference setter. */
export interface ScreenState {
  /** Whose answers: the forms keep what is typed under the person and the year (lib/kept-form.ts). */
  userId: number;
  taxYear: number;
  info: AdvancedTaxInfoResponse;
  files: FileRecord[];
  /**
   * Categories the person does not need (D19): those the tax profile's answers rule out and the
   * checklist items marked not applicable. Empty while the checklist has not loaded.
   */
  notNeeded: ReadonlySet<number>;
  /** POST /api/user-preferences/{key}, optimistic. */
  setPreference: (key: string, isRelevant: boolean) => void;
}

/** A category not set yet is relevant (UserPreferencesResponse). */
export function isRelevant(info: AdvancedTaxInfoResponse, categoryId: number): boolean {
  return info.relevance[String(categoryId)] ?? true;
}

export function sectionEnabled(info: AdvancedTaxInfoResponse, section: AdvancedSection): boolean {
  return isSectionEnabled(section, info.sections);
}

/** Files of the section's categories, from the aggregate's counts. */
export function sectionFileCount(info: AdvancedTaxInfoResponse, section: AdvancedSection): number {
  return section.categoryIds.reduce((sum, id) => sum + (info.fileCounts[String(id)] ?? 0), 0);
}

/** What the checklist says the person does not need: ruled out by the answers, or marked not applicable. */
export function notNeededCategories(checklist: ChecklistResponse | undefined): ReadonlySet<number> {
  if (!checklist) return new Set();
  return new Set([...checklist.ruledOutCategoryIds, ...checklist.items.filter((item) => item.notApplicable).map((item) => item.categoryId)]);
}

/** Relevant categories of the section without a file yet, leaving out what the person does not need. */
export function missingCategories(state: Pick<ScreenState, 'info' | 'notNeeded'>, section: AdvancedSection): number[] {
  const { info, notNeeded } = state;
  return section.categoryIds.filter((id) => isRelevant(info, id) && !notNeeded.has(id) && !(info.fileCounts[String(id)] ?? 0));
}
