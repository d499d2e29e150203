import { isSectionEnabled, type AdvancedSection, type AdvancedTaxInfoResponse, type FileRecord } from '@taxli/domain';

/** What every tab of the screen reads: the year's aggregate, its files, and the preference setter. */
export interface ScreenState {
  taxYear: number;
  info: AdvancedTaxInfoResponse;
  files: FileRecord[];
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

/** Relevant categories of the section without a file yet. */
export function missingCategories(info: AdvancedTaxInfoResponse, section: AdvancedSection): number[] {
  return section.categoryIds.filter((id) => isRelevant(info, id) && !(info.fileCounts[String(id)] ?? 0));
}
