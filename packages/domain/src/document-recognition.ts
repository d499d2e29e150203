import type { ExtractionKind } from './api/extraction.js';
import { categoryKeywords } from './recognition-keywords.js';

export { categoryKeywords, RECOGNITION_LANGUAGES, type RecognitionLanguage, type CategoryKeywords } from './recognition-keywords.js';

/**
 * Which category a read document belongs in (issue 29, "category check"). Pure rules, shared so
 * the server's job and any screen that explains a suggestion agree. A suggestion is only ever a
 * question to the person: nothing here moves a file.
 */

/** Category ids the rules point to (categories.ts). */
export const BANK_DOCUMENTS_CATEGORY_ID = 1;
export const SECURITIES_CATEGORY_ID = 10;
export const SALARY_STATEMENT_CATEGORY_ID = 5;

/**
 * Categories that hold the same kind of document for another person or purpose: a file in either
 * is where it belongs, so no move is suggested (a bank statement kept under the spouse's bank
 * documents is in the right place).
 */
const SAME_KIND_CATEGORIES: readonly (readonly number[])[] = [
  [1, 26], // bank documents, the spouse's
  [10, 11, 26], // securities and their income statements, kept with the spouse's bank documents
  [2, 27], // insurance, the spouse's
  [4, 28], // receipts for deductions, the spouse's
  [5, 30], // salary statements, the spouse's
  [24, 37], // medical expenses, the children's
];

function isSameKindCategory(a: number, b: number): boolean {
  return a === b || SAME_KIND_CATEGORIES.some((group) => group.includes(a) && group.includes(b));
}

/**
 * Text folded for matching: lower case, no accents ("é" is "e", "ß" is "ss"), every run of
 * punctuation and spaces one space, padded with a space at each end so " word " finds whole words.
 */
export function foldText(text: string): string {
  const folded = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${folded} `;
}

interface KeywordEntry {
  keyword: string;
  /** The keyword folded, without padding: one keyword written alike in two languages is one. */
  key: string;
  /** " folded keyword" with its leading space; whole words also end with a space. */
  pattern: string;
  categoryId: number;
}

/** German keywords match the start of a word (compounds); the others whole words. */
const KEYWORD_ENTRIES: readonly KeywordEntry[] = Object.entries(categoryKeywords).flatMap(([id, byLanguage]) =>
  Object.entries(byLanguage).flatMap(([language, keywords]) =>
    keywords.map((keyword) => {
      const folded = foldText(keyword);
      return { keyword, key: folded.trim(), pattern: language === 'de' ? folded.trimEnd() : folded, categoryId: Number(id) };
    }),
  ),
);

const CATEGORY_BY_KEY = new Map(KEYWORD_ENTRIES.map((entry) => [entry.key, entry.categoryId]));
const keyOf = (keyword: string) => foldText(keyword).trim();

/**
 * The category keywords in `text`, as written in `categoryKeywords`, each once (a keyword written
 * alike in two languages, "dividende", counts once). Case, accents and punctuation are ignored;
 * matches respect word boundaries.
 */
export function findKeywords(text: string): string[] {
  // A word split at the end of a line ("Lohn-\nausweis") is one word.
  const folded = foldText(text.replace(/(\p{L})-[ \t]*\r?\n\s*(\p{Ll})/gu, '$1$2'));
  const found = new Map<string, string>();
  for (const entry of KEYWORD_ENTRIES) {
    if (!found.has(entry.key) && folded.includes(entry.pattern)) found.set(entry.key, entry.keyword);
  }
  return [...found.values()];
}

/** Which category a keyword (as findKeywords returns it) points to, if any. */
export function keywordCategory(keyword: string): number | undefined {
  return CATEGORY_BY_KEY.get(keyOf(keyword));
}

/** What suggestCategory needs to know about a read. */
export interface RecognitionInput {
  kind: ExtractionKind | null;
  /** The read's fields (EchStatementFields for an eCH-0196 statement); only `securities` is looked at. */
  fields: unknown;
  keywords: readonly string[];
}

/** A move the person confirmed before: a file with these keywords and kind went to `categoryId`. */
export interface ConfirmedCategory {
  keywords: readonly string[];
  kind: string | null;
  categoryId: number;
}

function hasSecurities(fields: unknown): boolean {
  if (typeof fields !== 'object' || fields === null || !('securities' in fields)) return false;
  const securities = (fields as { securities: unknown }).securities;
  return Array.isArray(securities) && securities.length > 0;
}

/** The one category with the most distinct keywords, or null when none or a tie. */
function strongestKeywordCategory(keywords: readonly string[]): number | null {
  const scores = new Map<number, number>();
  for (const keyword of new Set(keywords.map(keyOf))) {
    const categoryId = CATEGORY_BY_KEY.get(keyword);
    if (categoryId !== undefined) scores.set(categoryId, (scores.get(categoryId) ?? 0) + 1);
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return null;
  if (ranked.length > 1 && ranked[0]![1] === ranked[1]![1]) return null;
  return ranked[0]![0];
}

/** How alike two keyword sets are (shared over all, 0..1). */
function keywordSimilarity(a: readonly string[], b: readonly string[]): number {
  const setA = new Set(a.map(keyOf));
  const setB = new Set(b.map(keyOf));
  const shared = [...setA].filter((keyword) => setB.has(keyword)).length;
  const all = setA.size + setB.size - shared;
  return all === 0 ? 0 : shared / all;
}

/** Keyword sets at least this alike count as "the same kind of file". */
const LEARNED_SIMILARITY = 0.5;

/**
 * Where the person put files like this one before: the category of the most alike confirmed
 * moves (same kind, keywords at least half shared). null when there are none or two categories
 * are equally backed.
 */
function learnedCategory(read: RecognitionInput, confirmedBefore: readonly ConfirmedCategory[]): number | null {
  const support = new Map<number, number>();
  for (const confirmed of confirmedBefore) {
    if (confirmed.kind !== read.kind) continue;
    // Text reads are alike only by shared words; a standard's data (eCH-0196, salary) by kind alone.
    const byWords = read.kind === 'text' || read.kind === null;
    if (byWords && read.keywords.length === 0) continue;
    const similarity = byWords ? keywordSimilarity(read.keywords, confirmed.keywords) : 1;
    if (similarity < LEARNED_SIMILARITY) continue;
    support.set(confirmed.categoryId, (support.get(confirmed.categoryId) ?? 0) + similarity);
  }
  const ranked = [...support.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return null;
  if (ranked.length > 1 && ranked[0]![1] === ranked[1]![1]) return null;
  return ranked[0]![0];
}

/**
 * The category to suggest for a read file, or null when the file already sits where it belongs
 * or nothing is clear.
 *
 * Rules first: a standard's data decides (an eCH-0196 statement is a securities document when it
 * lists securities, else a bank document; a salary certificate a salary statement). For a
 * document read only as words, where the person put files with the same words before wins over
 * the generic keyword table: the person's own confirmed choice is the stronger evidence. Else the
 * category with the most keywords, when one leads. A file in the category the person chose
 * before for such files, or in a category of the same kind (the spouse's), gets no suggestion.
 */
export function suggestCategory(read: RecognitionInput, currentCategoryId: number, confirmedBefore: readonly ConfirmedCategory[]): number | null {
  const learned = learnedCategory(read, confirmedBefore);
  let suggested: number | null;
  if (read.kind === 'ech-0196') suggested = hasSecurities(read.fields) ? SECURITIES_CATEGORY_ID : BANK_DOCUMENTS_CATEGORY_ID;
  else if (read.kind === 'salary-certificate') suggested = SALARY_STATEMENT_CATEGORY_ID;
  else suggested = learned ?? strongestKeywordCategory(read.keywords);

  if (suggested === null || isSameKindCategory(suggested, currentCategoryId)) return null;
  if (learned !== null && isSameKindCategory(learned, currentCategoryId)) return null;
  return suggested;
}
