/** A long legal text in one language. Every language module has the same sections, by id (a test checks). */
export interface LegalTable {
  caption: string;
  headers: string[];
  rows: string[][];
}

export interface LegalSection {
  id: string;
  heading: string;
  paragraphs?: string[];
  items?: string[];
  table?: LegalTable;
}

export interface LegalDocument {
  /** ISO date, YYYY-MM-DD. */
  lastUpdated: string;
  intro: string[];
  sections: LegalSection[];
}

export type LegalKind = 'cookies' | 'privacy' | 'terms';

export type LegalContent = Record<LegalKind, LegalDocument>;
