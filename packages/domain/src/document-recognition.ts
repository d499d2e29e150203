import type { ExtractionKind } from './api/extraction.js';

/** What a read recognised, for the category check (issue 29). */
export interface RecognisedDocument {
  kind: ExtractionKind | null;
  fields: unknown;
  /** Category keywords found in the words read (the text layer or OCR). */
  keywords: string[];
}

/** A move the person accepted before: what was read, and the category they put it in. */
export interface ConfirmedMove {
  kind: ExtractionKind | null;
  keywords: string[];
  categoryId: number;
}

/**
 * The category a read document belongs in, when it sits in another one; null otherwise. Rules
 * first, then what the person confirmed before. A suggestion only: never applied without the person.
 * (Placeholder: the rules come from the recognition branch.)
 */
export function suggestCategory(_document: RecognisedDocument, _currentCategoryId: number, _confirmedBefore: readonly ConfirmedMove[]): number | null {
  return null;
}
