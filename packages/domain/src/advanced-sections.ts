import type { TaxCategoryPreferences } from './tax-card-summary.js';

/**
 * The seven sections of Advanced Tax Information (part 2 §2, §3 Section card, §9) with the document
 * categories of DECISIONS D3. A section's toggle has its own key (the section id), apart from the
 * relevance of its documents, which is kept per category id.
 */
export const ADVANCED_SECTION_IDS = ['authorization', 'investments', 'deductions', 'realEstate', 'foreignIncome', 'spouse', 'children'] as const;
export type AdvancedSectionId = (typeof ADVANCED_SECTION_IDS)[number];

export interface AdvancedSection {
  id: AdvancedSectionId;
  /** The tab's id (part 2 §2 tab names). */
  tab: 'authorization' | 'investments' | 'deductions' | 'property' | 'foreign' | 'spouse' | 'children';
  /** The document categories whose files the card counts and the tab lists (D3). */
  categoryIds: readonly number[];
  /** Authorization is always on and cannot be turned off (§4 Section toggle). */
  alwaysEnabled: boolean;
  /** Whether the section is on before the person chose (§9: only authorization). */
  defaultEnabled: boolean;
  /** The tax-card configuration flag that shows the tab; undefined: always shown. */
  preference?: keyof TaxCategoryPreferences;
  /** Tailwind colour family of the card. */
  color: 'sky' | 'emerald' | 'amber' | 'violet' | 'rose' | 'indigo' | 'teal';
}

export const ADVANCED_SECTIONS: readonly AdvancedSection[] = [
  { id: 'authorization', tab: 'authorization', categoryIds: [39, 40, 41], alwaysEnabled: true, defaultEnabled: true, color: 'sky' },
  { id: 'investments', tab: 'investments', categoryIds: [10, 11, 12], alwaysEnabled: false, defaultEnabled: false, preference: 'investments', color: 'emerald' },
  { id: 'deductions', tab: 'deductions', categoryIds: [3, 4, 22, 23, 24, 25], alwaysEnabled: false, defaultEnabled: false, preference: 'deductions', color: 'amber' },
  { id: 'realEstate', tab: 'property', categoryIds: [13, 14, 15, 16], alwaysEnabled: false, defaultEnabled: false, preference: 'realEstate', color: 'violet' },
  { id: 'foreignIncome', tab: 'foreign', categoryIds: [17, 18, 19, 20], alwaysEnabled: false, defaultEnabled: false, preference: 'foreignIncome', color: 'rose' },
  { id: 'spouse', tab: 'spouse', categoryIds: [26, 27, 28, 29, 30], alwaysEnabled: false, defaultEnabled: false, preference: 'spouse', color: 'indigo' },
  // Alimony payments (35) once, not twice as the spec's list had it.
  { id: 'children', tab: 'children', categoryIds: [31, 32, 33, 34, 35, 36, 37, 38], alwaysEnabled: false, defaultEnabled: false, preference: 'children', color: 'teal' },
];

export function isAdvancedSectionId(value: string): value is AdvancedSectionId {
  return (ADVANCED_SECTION_IDS as readonly string[]).includes(value);
}

export function findAdvancedSection(id: AdvancedSectionId): AdvancedSection {
  return ADVANCED_SECTIONS.find((section) => section.id === id)!;
}

/** Whether a section is on: authorization always; the others as stored, else their default. */
export function isSectionEnabled(section: AdvancedSection, stored: Partial<Record<AdvancedSectionId, boolean>>): boolean {
  return section.alwaysEnabled || (stored[section.id] ?? section.defaultEnabled);
}

/** The tabs shown for a year's card configuration (part 2 §2): Overview and Authorization always. */
export function visibleAdvancedTabs(preferences: TaxCategoryPreferences | undefined): AdvancedSection['tab'][] {
  return ADVANCED_SECTIONS.filter((section) => !section.preference || preferences?.[section.preference] === true).map((s) => s.tab);
}
